import Foundation
import Testing
import FeedParser

/// Every fast path of the parser and the sanitiser is held to its general path (`ParsePaths`):
/// each document of the corpus is read both ways and the outputs must be the same, byte for
/// byte. `fuzz-paths` does the same with mutated inputs.
struct FastPathOracleTests {
    /// The feed's JSON (or error) and the recoveries, whole and in small chunks, whose boundaries
    /// fall where the forbidden-character filter holds bytes back.
    @Test(arguments: FeedCorpus.feeds)
    func feedIsTheSameOnBothPaths(_ document: FeedCorpus.Document) {
        for chunkSize in [document.bytes.count, 5] {
            let chunks = stride(from: 0, to: document.bytes.count, by: max(chunkSize, 1)).map {
                document.bytes[$0..<min($0 + chunkSize, document.bytes.count)]
            }
            let fast = FeedParser.outcome(of: chunks, url: document.url, charset: document.charset, paths: .fast)
            let general = FeedParser.outcome(of: chunks, url: document.url, charset: document.charset, paths: .general)
            #expect(fast == general, "in chunks of \(chunkSize)")
        }
    }

    /// The sanitised HTML, through the `String` and the bytes entry, without a base and with one
    /// (relative URLs then take the shortcut that joins the base's origin).
    @Test(arguments: FeedCorpus.html)
    func sanitisedHTMLIsTheSameOnBothPaths(_ document: FeedCorpus.Document) {
        let html = String(decoding: document.bytes, as: UTF8.self)
        for base in [nil, "https://example.org/blog/2024/post.html"] {
            #expect(HTMLSanitizer.sanitize(html, base: base, paths: .fast) == HTMLSanitizer.sanitize(html, base: base, paths: .general))
            let bytes = [UInt8](document.bytes)
            let baseURL = base.flatMap(URL.init(string:))
            let fast = bytes.withUnsafeBufferPointer { HTMLSanitizer.sanitize(utf8: $0, baseURL: baseURL, paths: .fast) }
            let general = bytes.withUnsafeBufferPointer { HTMLSanitizer.sanitize(utf8: $0, baseURL: baseURL, paths: .general) }
            #expect(fast == general, "bytes entry, base \(base ?? "none")")
        }
    }
}
