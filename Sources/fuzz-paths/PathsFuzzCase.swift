import FeedParser
import Foundation

/// One fuzz input for the oracle of the fast paths (issue 32): three control bytes, then a
/// document, read on the fast and on the general path (`ParsePaths`), which must agree byte for
/// byte. A difference is a bug in the fast path.
///
/// - byte 0 picks the HTTP charset (none, UTF-8, ISO-8859-1, windows-1252, UTF-16);
/// - byte 1 picks the document URL, which is also the sanitiser's base (bits 0–1), and with bit
///   7 small limits, so that field caps are reached;
/// - byte 2 is the chunk size the document is appended in (0: all at once), so that chunk
///   boundaries fall everywhere the forbidden-character filter holds bytes back.
///
/// The feed parser's output and recoveries are compared, then the same bytes as HTML through
/// both entries of the sanitiser, and as a title, a name and a date.
struct PathsFuzzCase {
    static let charsets: [String?] = [nil, "utf-8", "iso-8859-1", "windows-1252", "utf-16"]
    static let urls: [URL?] = [
        nil, URL(string: "https://example.org/blog/feed.xml"), URL(string: "http://example.org/a/b/"),
        URL(string: "file:///tmp/feed.xml"),
    ]
    static let smallLimits = ParserLimits(
        maxInputBytes: 64 << 10, maxFieldBytes: 2 << 10, maxDepth: 24, maxEntityExpansionBytes: 4 << 10
    )

    let charset: String?
    let url: URL?
    let limits: ParserLimits
    let chunkSize: Int
    let document: UnsafeRawBufferPointer

    init(_ input: UnsafeRawBufferPointer) {
        var header: [UInt8] = [0, 0, 0]
        for (index, byte) in input.prefix(3).enumerated() { header[index] = byte }
        charset = Self.charsets[Int(header[0]) % Self.charsets.count]
        url = Self.urls[Int(header[1] & 0x03)]
        limits = header[1] & 0x80 != 0 ? Self.smallLimits : ParserLimits()
        chunkSize = Int(header[2])
        document = input.count > 3 ? UnsafeRawBufferPointer(rebasing: input[3...]) : UnsafeRawBufferPointer(start: nil, count: 0)
    }

    func run() {
        let chunks = chunkSize == 0
            ? [Data(document)]
            : stride(from: 0, to: document.count, by: chunkSize).map { Data(document[$0..<min($0 + chunkSize, document.count)]) }
        compare("the feed") {
            let outcome = FeedParser.outcome(of: chunks, url: url, charset: charset, limits: limits, paths: $0)
            return outcome.output + outcome.recoveries.map(\.description).joined(separator: "\n")
        }
        let bytes = document.bindMemory(to: UInt8.self)
        let text = String(decoding: bytes, as: UTF8.self)
        compare("the sanitised bytes") { HTMLSanitizer.sanitize(utf8: bytes, baseURL: url, paths: $0) }
        compare("the sanitised string") { HTMLSanitizer.sanitize(text, base: url?.absoluteString, paths: $0) }
        compare("the text as HTML") { HTMLSanitizer.html(fromText: text, paths: $0) }
        compare("the title") { PlainText.fromMarkedText(text, paths: $0) }
        compare("the plain text") { PlainText.fromHTML(text, paths: $0) }
        compare("the date") { FeedDate.parse(text, paths: $0).map(FeedJSON.dateText) ?? "none" }
    }

    private func compare(_ what: String, _ read: (ParsePaths) -> String) {
        let fast = read(.fast)
        let general = read(.general)
        guard fast != general else { return }
        FileHandle.standardError.write(Data("""
            fuzz-paths: the fast and the general path disagree on \(what)
            fast:    \(fast.debugDescription)
            general: \(general.debugDescription)

            """.utf8))
        fatalError("fuzz-paths: a fast path differs from its general path")
    }
}
