import FeedParser
import FuzzDriver
import Foundation

/// One fuzz input for the oracle of the fast paths (issue 32), read as `FeedFuzzInput` reads
/// it: the document, in the chunks and with the charset, URL and limits its control bytes pick,
/// read on the fast and on the general path (`ParsePaths`), which must agree byte for byte. A
/// difference is a bug in the fast path (or, as happened once, in the general one).
///
/// The feed parser's output and recoveries are compared, then the same bytes as HTML through
/// both entries of the sanitiser (the URL as the base), and as a title, plain text and a date.
struct PathsFuzzCase {
    let input: FeedFuzzInput

    init(_ bytes: UnsafeRawBufferPointer) {
        input = FeedFuzzInput(bytes)
    }

    func run() {
        let chunks = input.chunks().map { Data($0) }
        compare("the feed") {
            let outcome = FeedParser.outcome(of: chunks, url: input.url, charset: input.charset, limits: input.limits, paths: $0)
            return outcome.output + outcome.recoveries.map(\.description).joined(separator: "\n")
        }
        let bytes = input.document.bindMemory(to: UInt8.self)
        let text = String(decoding: bytes, as: UTF8.self)
        compare("the sanitised bytes") { HTMLSanitizer.sanitize(utf8: bytes, baseURL: input.url, paths: $0) }
        compare("the sanitised string") { HTMLSanitizer.sanitize(text, base: input.url?.absoluteString, paths: $0) }
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
