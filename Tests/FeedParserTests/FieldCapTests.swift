import FeedModel
@testable import FeedParser
import Foundation
import Testing

/// A field keeps the cap in the text it becomes, not only in the bytes it came from.
@Suite struct FieldCapTests {
    /// Found by fuzz-feed (its inputs, kept as seeds): in documents of an encoding no one knows,
    /// each stray byte of a `dc:creator` read as U+FFFD, three bytes, and the author took 391
    /// bytes under a 256-byte cap; a `>` inside nested creators came back as `&gt;`, 259 bytes.
    @Test(arguments: ["feed-stray-bytes-past-the-field-cap.bin", "feed-escaped-markup-past-the-field-cap.bin"])
    func aFieldsTextKeepsTheFieldCap(_ name: String) throws {
        let input = try Data(contentsOf: FeedCorpus.fixtures.appendingPathComponent("fuzz/\(name)"))
        let limits = ParserLimits(maxInputBytes: 2 << 10, maxFieldBytes: 256, maxDepth: 24, maxEntityExpansionBytes: 512)
        // The fuzz input's first three bytes are its control bytes: no charset, no URL, whole.
        let feed = try FeedParser.parse(input.dropFirst(3), limits: limits)
        let author = try #require(feed.items.first?.author)
        #expect(author.utf8.count <= 256)
        #expect(author.utf8.count > 200)
    }

    @Test func aCutEndsAtACharacterWithoutWhiteSpace() {
        #expect(PlainText.cut("Ada Lovelace", toUTF8Count: 12) == "Ada Lovelace")
        #expect(PlainText.cut("Ada Lovelace", toUTF8Count: 4) == "Ada")
        // é is two bytes, 👩🏽‍💻 one character of fifteen: neither is split.
        #expect(PlainText.cut("café", toUTF8Count: 4) == "caf")
        #expect(PlainText.cut("a👩🏽‍💻", toUTF8Count: 10) == "a")
    }
}
