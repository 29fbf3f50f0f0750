import FeedModel
import Foundation
import Testing

@testable import FeedParser

/// `ValidatedUTF8` notes, while validating, whether text can hold doubly encoded UTF-8, and the
/// feed builder skips `MojibakeRepair`'s own scan when it cannot. A wrong "no" would leave `Ã©`
/// unrepaired: these check the verdict against the scan, and the repair wherever the sanitiser
/// may move the pair (after a plain `é`, across a tag it removes, at the very end, in text it
/// leaves as it is).
struct DoubleEncodingVerdictTests {
    /// The pair `MojibakeRepair.mayBeDoublyEncoded` starts from, byte by byte: C3 82–B4 followed
    /// at once by a byte ≥ 0xC2.
    static func holdsPair(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 3 else { return false }
        return (0..<(bytes.count - 2)).contains { index in
            bytes[index] == 0xC3 && (0x82...0xB4).contains(bytes[index + 1]) && bytes[index + 2] >= 0xC2
        }
    }

    @Test func verdictIsThePairAndNeverMissesWhatTheScanFinds() {
        let pieces = ["é", "ï", "ü", "Ã", "Â", "ô", "õ", "©", "\u{80}", "¿", "À", "€", "’", "a", " ", "日", "😀"]
        for first in pieces {
            for second in pieces {
                for third in pieces {
                    // Unpadded, and with the pair straddling the sixteen- and eight-byte ASCII steps.
                    for text in [first + second + third, "0123456" + first + second + third + "x",
                                 "0123456789abcde" + first + second + third] {
                        let bytes = Array(text.utf8)
                        for paths in [ParsePaths.fast, .general] {
                            let verdict = bytes.withUnsafeBufferPointer { ValidatedUTF8.validate($0, paths: paths) }
                            #expect(verdict?.mayBeDoublyEncoded == Self.holdsPair(bytes), "\(text)")
                            if MojibakeRepair.mayBeDoublyEncoded(text) {
                                #expect(verdict?.mayBeDoublyEncoded == true, "\(text)")
                            }
                            #expect(ValidatedUTF8.text(bytes, paths: paths).mayBeDoublyEncoded == Self.holdsPair(bytes), "\(text)")
                        }
                    }
                }
            }
        }
    }

    @Test func invalidBytesAreAlwaysMaybe() {
        // U+FFFD for the stray byte is EF BF BD: "Ã" + U+FFFD would be a pair.
        #expect(ValidatedUTF8.text([0xC3, 0x83, 0xFF], paths: .fast).mayBeDoublyEncoded)
        #expect(ValidatedUTF8.text([0x61, 0xFF], paths: .fast).mayBeDoublyEncoded)
    }

    /// The sanitiser's output carries the verdict of its own validation, not the input's.
    @Test func sanitiserOutputCarriesItsOwnVerdict() {
        func verdict(_ html: String) -> ValidatedUTF8.Text {
            var workspace = HTMLSanitizer.Workspace()
            return Array(html.utf8).withUnsafeBufferPointer {
                HTMLSanitizer.sanitize(utf8: $0, base: nil, workspace: &workspace, paths: .fast)
            }
        }
        #expect(verdict("<p>café</p>").mayBeDoublyEncoded == false)  // clean: the input's own
        #expect(verdict("<p>CafÃ©</p>").mayBeDoublyEncoded)
        #expect(verdict("<p onclick=\"x\">café</p>").mayBeDoublyEncoded == false)
        #expect(verdict("<p onclick=\"x\">CafÃ©</p>").mayBeDoublyEncoded)
        // Apart in the input, joined by the sanitiser.
        #expect(verdict("<p>Ã<!-- c -->©</p>").mayBeDoublyEncoded)
        #expect(verdict("<p>Ã<x-tag>©</x-tag></p>").mayBeDoublyEncoded)
    }

    static func feed(description: String, title: String = "t") throws -> Item {
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>c</title>
            <item><title>\(title)</title><guid>1</guid><description>\(description)</description></item>
            </channel></rss>
            """
        let feed = try FeedParser.parse(Data(document.utf8))
        return try #require(feed.items.first)
    }

    @Test(arguments: [
        // Left unchanged by the sanitiser (its input is used as it is).
        ("&lt;p&gt;café CafÃ©&lt;/p&gt;", "<p>café Café</p>"),
        // Right after a plain é, in output the sanitiser rewrote. Touching it, the é joins the
        // run, whose bytes are then not UTF-8: left alone, as before.
        ("&lt;p onclick=\"x\"&gt;é Ã© naïve Ã©tÃ© itâ€™s éÃ©&lt;/p&gt;", "<p>é é naïve été it’s éÃ©</p>"),
        // Split across a tag the sanitiser removes.
        ("&lt;p&gt;Caf&lt;x-tag&gt;Ã&lt;/x-tag&gt;© it&lt;!-- c --&gt;â€™s&lt;/p&gt;", "<p>Café it’s</p>"),
        // At the very end, with and without a change before it.
        ("&lt;b&gt;x&lt;/b&gt; CafÃ©", "<b>x</b> Café"),
        ("&lt;b onclick=\"y\"&gt;x&lt;/b&gt; itâ€™", "<b>x</b> it’"),
        ("CafÃ©", "Café"),
        // Plain accents only: nothing to repair, nothing changed.
        ("&lt;p&gt;café naïve über 日本語&lt;/p&gt;", "<p>café naïve über 日本語</p>"),
    ])
    func descriptionsAreRepairedWhereverThePairLands(_ description: String, _ expected: String) throws {
        #expect(try Self.feed(description: description).summary == expected)
    }

    @Test(arguments: [
        ("CafÃ© naïve", "Café naïve"),
        ("é Ã©", "é é"),
        ("éÃ©", "éÃ©"),
        ("itâ€™", "it’"),
        ("café über", "café über"),
    ])
    func shortFieldsAreRepaired(_ title: String, _ expected: String) throws {
        #expect(try Self.feed(description: "d", title: title).title == expected)
    }
}
