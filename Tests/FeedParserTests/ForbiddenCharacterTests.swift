import FeedModel
import FeedParser
import Foundation
import Testing

/// Issue 11 §1: a character XML forbids loses only itself, by every route and in every encoding.
/// Each case parses the same feed twice, clean and with forbidden characters put in at `⊗`, and
/// expects the same feed (fields, item count) apart from `wellFormed`; the clean feed's fields are
/// checked by value so that an empty result cannot pass.
@Suite struct ForbiddenCharacterTests {
    /// One placeholder per route: comment, element text, attribute value, CDATA, and text that is
    /// followed by escaped markup and entities (which libxml2 used to drop after an error).
    static let template = """
        <?xml version="1.0" encoding="ENCODING"?>
        <rss version="2.0"><channel><title>Chan⊗nel</title><link>http://example.org/</link>
        <!-- a comment ⊗ here -->
        <item><title>Fir⊗st Привет</title><link>http://example.org/1</link>
        <description><![CDATA[<p>Bo⊗dy one</p>]]></description>
        <enclosure url="http://example.org/a.mp3" type="audio/mp⊗eg" length="12"/></item>
        <item><title>A &amp; B⊗</title><link>http://example.org/2</link>
        <description>&lt;p&gt;Hello &lt;b&gt;bold&lt;/b&gt;&lt;/p&gt;</description></item>
        </channel></rss>
        """

    static func document(encoding: String, inserting forbidden: String, bom: [UInt8] = []) -> Data {
        let text = template.replacingOccurrences(of: "ENCODING", with: encoding).replacingOccurrences(of: "⊗", with: forbidden)
        let bytes: [UInt8]
        switch encoding {
        case "UTF-16LE": bytes = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        case "windows-1251": bytes = Array(text.data(using: .windowsCP1251)!)
        default: bytes = Array(text.utf8)
        }
        return Data(bom + bytes)
    }

    static func checkClean(_ feed: Feed) {
        #expect(feed.title == "Channel")
        #expect(feed.items.count == 2)
        #expect(feed.items.first?.title == "First Привет")
        #expect(feed.items.first?.summary == "<p>Body one</p>")
        #expect(feed.items.first?.enclosures.first?.type == "audio/mpeg")
        #expect(feed.items.last?.title == "A & B")
        #expect(feed.items.last?.summary == "<p>Hello <b>bold</b></p>")
        #expect(feed.isWellFormed)
    }

    static func expectSameFeed(_ dirty: Feed, as clean: Feed) {
        var dirty = dirty
        #expect(!dirty.isWellFormed)
        dirty.isWellFormed = clean.isWellFormed
        #expect(dirty == clean)
    }

    static let routes: [(String, String)] = [
        ("ESC", "\u{1B}"), ("vertical tab", "\u{0B}"), ("bell and backspace", "\u{07}\u{08}"),
        ("decimal reference", "&#27;"), ("hex reference", "&#x0B;"), ("padded reference", "&#x0001b;"),
    ]

    @Test(arguments: ["UTF-8", "windows-1251"], routes)
    func droppedInAnASCIICompatibleEncoding(_ encoding: String, _ route: (String, String)) throws {
        let clean = try FeedParser.parse(Self.document(encoding: encoding, inserting: ""))
        Self.checkClean(clean)
        let dirty = try FeedParser.parse(Self.document(encoding: encoding, inserting: route.1))
        Self.expectSameFeed(dirty, as: clean)
    }

    @Test func terminalSequencesLoseOnlyTheirEscape() throws {
        // The printable rest of `ESC [31m` is text, as in every XML reader; the ESC goes.
        let feed = try FeedParser.parse(Self.document(encoding: "UTF-8", inserting: "\u{1B}[1m"))
        #expect(feed.items.count == 2)
        #expect(feed.items.first?.title == "Fir[1mst Привет")
        #expect(feed.items.last?.title == "A & B[1m")
        #expect(feed.items.last?.summary == "<p>Hello <b>bold</b></p>")
    }

    @Test(arguments: routes)
    func droppedInUTF16(_ route: (String, String)) throws {
        let clean = try FeedParser.parse(Self.document(encoding: "UTF-16LE", inserting: "", bom: [0xFF, 0xFE]))
        Self.checkClean(clean)
        let dirty = try FeedParser.parse(Self.document(encoding: "UTF-16LE", inserting: route.1, bom: [0xFF, 0xFE]))
        Self.expectSameFeed(dirty, as: clean)
    }

    @Test func loneSurrogatesAndNonCharactersInUTF16AreDropped() throws {
        let clean = Self.document(encoding: "UTF-16LE", inserting: "", bom: [0xFF, 0xFE])
        var bytes = Array(Self.document(encoding: "UTF-16LE", inserting: "\u{1}", bom: [0xFF, 0xFE]))
        // Each U+0001 becomes a different forbidden unit: a lone high and low surrogate, U+FFFE.
        let replacements: [[UInt8]] = [[0x00, 0xD8], [0x00, 0xDC], [0xFE, 0xFF], [0xFF, 0xFF], [0x3D, 0xD8]]
        var next = 0
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == 0x01, bytes[index + 1] == 0x00, index % 2 == 0 {
                bytes.replaceSubrange(index..<(index + 2), with: replacements[next % replacements.count])
                next += 1
            }
            index += 2
        }
        #expect(next == 6)
        let feed = try FeedParser.parse(Data(bytes))
        Self.expectSameFeed(feed, as: try FeedParser.parse(clean))
    }

    @Test(arguments: ["UTF-8", "UTF-16LE", "windows-1251"])
    func droppedWhenPushedAByteAtATime(_ encoding: String) throws {
        let bom: [UInt8] = encoding == "UTF-16LE" ? [0xFF, 0xFE] : []
        let clean = try FeedParser.parse(Self.document(encoding: encoding, inserting: "", bom: bom))
        for forbidden in ["\u{1B}", "&#27;", "&#x0B;"] {
            let parser = FeedParser()
            for byte in Self.document(encoding: encoding, inserting: forbidden, bom: bom) { try parser.append(Data([byte])) }
            Self.expectSameFeed(try parser.finish(), as: clean)
        }
    }

    @Test func aReferenceThatIsNotAControlIsKept() throws {
        let feed = try FeedParser.parse(Data("""
            <rss version="2.0"><channel><title>&#65;&#x42;&#9;C&#0;</title><item><title>&#27x;&#;</title></item></channel></rss>
            """.utf8))
        #expect(feed.title == "AB C\u{FFFD}")
        #expect(feed.items.count == 1)
    }

    @Test func eachRecoveryIsRecordedWithItsOffset() throws {
        let document = Data("<rss version=\"2.0\"><channel><title>a\u{1B}b&#11;c</title></channel></rss>".utf8)
        let parser = FeedParser(url: URL(string: "https://example.org/feed"))
        try parser.append(document)
        let feed = try parser.finish()
        #expect(feed.title == "abc")
        let escOffset = Array(document).firstIndex(of: 0x1B)!
        #expect(parser.recoveries == [
            ParseRecovery(reason: "dropped control character U+001B", byteOffset: escOffset),
            ParseRecovery(reason: "dropped reference to control character U+000B", byteOffset: escOffset + 2),
        ])
    }
}
