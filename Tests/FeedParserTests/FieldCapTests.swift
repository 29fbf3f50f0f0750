import FeedModel
import FeedParser
import Foundation
import Testing

/// A field keeps the cap in the text it becomes, not only in the bytes it came from.
@Suite struct FieldCapTests {
    /// Found by fuzz-feed (its input, kept as a seed): in a document of an encoding no one knows,
    /// each stray byte of a `dc:creator` read as U+FFFD, three bytes, and the author took 391
    /// bytes under a 256-byte cap.
    @Test func strayBytesReadAsReplacementCharactersKeepTheFieldCap() throws {
        let input = try Data(contentsOf: FeedCorpus.fixtures.appendingPathComponent("fuzz/feed-stray-bytes-past-the-field-cap.bin"))
        let limits = ParserLimits(maxInputBytes: 2 << 10, maxFieldBytes: 256, maxDepth: 24, maxEntityExpansionBytes: 512)
        // The fuzz input's first three bytes are its control bytes: no charset, no URL, whole.
        let feed = try FeedParser.parse(input.dropFirst(3), limits: limits)
        let author = try #require(feed.items.first?.author)
        #expect(author.contains("\u{FFFD}"))
        #expect(author.utf8.count <= 256)
    }
}
