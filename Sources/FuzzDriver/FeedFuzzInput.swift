import FeedParser
import Foundation

/// What the feed fuzzers (`fuzz-feed`, `fuzz-paths`) read from one input: three control bytes,
/// then the document. They share the format, and so the seeds `make fuzz-corpus` writes.
///
/// - byte 0 picks the HTTP charset handed to the parser (none, real ones, a wrong one, one
///   libxml2 does not know, a quoted one);
/// - byte 1 picks the document URL (bit 0–1) and, with bit 7, small limits so that every cap is
///   reached by inputs of fuzzing size (2 KiB of input, 256 bytes a field);
/// - byte 2 seeds the chunk sizes: 0 appends the whole document at once, anything else splits it
///   at pseudo-random points, down to single bytes, as a slow network would.
public struct FeedFuzzInput {
    static let charsets: [String?] = [
        nil, "utf-8", "UTF-16", "utf-16le", "utf-16be", "utf-32", "iso-8859-1", "iso-8859-15", "windows-1252",
        "windows-1251", "shift_jis", "euc-jp", "iso-2022-jp", "gb18030", "big5", "euc-kr", "koi8-r",
        "x-no-such-charset", "\"utf-8\"", "", " ", "ebcdic-us",
    ]
    static let urls: [URL?] = [
        nil, URL(string: "https://example.org/blog/feed.xml"), URL(string: "http://user:secret@example.org/a/b/"),
        URL(string: "file:///tmp/feed.xml"),
    ]
    /// Small enough for every cap to be reached by the inputs `make fuzz` makes (4 KiB at most).
    static let smallLimits = ParserLimits(
        maxInputBytes: 2 << 10, maxFieldBytes: 256, maxDepth: 24, maxEntityExpansionBytes: 512
    )

    public let charset: String?
    public let url: URL?
    public let limits: ParserLimits
    public let chunkSeed: UInt8
    public let document: UnsafeRawBufferPointer

    public init(_ input: UnsafeRawBufferPointer) {
        var header: [UInt8] = [0, 0, 0]
        for (index, byte) in input.prefix(3).enumerated() { header[index] = byte }
        charset = Self.charsets[Int(header[0]) % Self.charsets.count]
        url = Self.urls[Int(header[1] & 0x03)]
        limits = header[1] & 0x80 != 0 ? Self.smallLimits : ParserLimits()
        chunkSeed = header[2]
        document = input.count > 3 ? UnsafeRawBufferPointer(rebasing: input[3...]) : UnsafeRawBufferPointer(start: nil, count: 0)
    }

    /// The document cut into the chunks `chunkSeed` asks for.
    public func chunks() -> [UnsafeRawBufferPointer] {
        chunks(of: document)
    }

    /// Other bytes cut the same way.
    public func chunks(of document: UnsafeRawBufferPointer) -> [UnsafeRawBufferPointer] {
        guard chunkSeed != 0, !document.isEmpty else { return [document] }
        var state = UInt32(chunkSeed) &* 2_654_435_761
        let largest = Int(chunkSeed) * 8
        var result: [UnsafeRawBufferPointer] = []
        var start = 0
        while start < document.count {
            state = state &* 1_664_525 &+ 1_013_904_223
            let length = min(document.count - start, 1 + Int(state >> 8) % largest)
            result.append(UnsafeRawBufferPointer(rebasing: document[start..<(start + length)]))
            start += length
        }
        return result
    }
}
