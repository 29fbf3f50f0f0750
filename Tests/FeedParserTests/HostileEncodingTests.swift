import FeedModel
import FeedParser
import Foundation
import Testing

/// The cases of issue 7's XML list that HostileInputTests does not cover: a declared encoding
/// libxml2 does not know, invalid UTF-8 and lone surrogates in every text field, NUL bytes. The
/// rule they check is "bad input loses nothing": every field keeps the text around the bad bytes.
@Suite struct HostileEncodingTests {
    /// Invalid UTF-8: a stray 0xFF, a truncated sequence, an overlong `/`, a CESU-8 lone surrogate
    /// (U+D800), a five-byte form.
    static let badBytes: [UInt8] = [0xFF, 0xC3, 0x28, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0xF8, 0x88, 0x80, 0x80, 0x80]

    static func field(_ name: String) -> [UInt8] { Array("before".utf8) + badBytes + Array("after-\(name)".utf8) }

    @Test func unknownDeclaredEncodingStillYieldsTheFeed() throws {
        let document = Data("""
            <?xml version="1.0" encoding="x-klingon-1"?>
            <rss version="2.0"><channel><title>Plain title</title>
            <item><title>One</title><guid>1</guid></item><item><title>Two</title></item></channel></rss>
            """.utf8)
        let feed = try FeedParser.parse(document)
        #expect(feed.title == "Plain title")
        #expect(feed.items.map(\.title) == ["One", "Two"])
    }

    @Test func invalidUTF8InEveryTextFieldKeepsEveryField() throws {
        var bytes = Array("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<rss version=\"2.0\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><channel><title>".utf8)
        bytes += Self.field("ctitle") + Array("</title><link>http://e.org/".utf8) + Self.field("clink")
        bytes += Array("</link><description>".utf8) + Self.field("cdesc") + Array("</description><item><title>".utf8)
        bytes += Self.field("ititle") + Array("</title><link>http://e.org/".utf8) + Self.field("ilink")
        bytes += Array("</link><description>".utf8) + Self.field("idesc") + Array("</description><dc:creator>".utf8)
        bytes += Self.field("iauthor") + Array("</dc:creator><category>".utf8) + Self.field("icat")
        bytes += Array("</category><guid>".utf8) + Self.field("iguid")
        bytes += Array("</guid></item><item><title>second</title></item></channel></rss>".utf8)
        let feed = try FeedParser.parse(Data(bytes))

        func kept(_ value: String?, _ name: String) -> Bool {
            guard let value else { return false }
            return value.contains("before") && value.hasSuffix("after-\(name)")
        }
        #expect(kept(feed.title, "ctitle"))
        #expect(kept(feed.link, "clink"))
        #expect(kept(feed.subtitle, "cdesc"))
        #expect(feed.items.count == 2)
        let item = try #require(feed.items.first)
        #expect(kept(item.title, "ititle"))
        #expect(kept(item.link, "ilink"))
        #expect(kept(item.summary, "idesc"))
        #expect(kept(item.author, "iauthor"))
        #expect(item.categories.count == 1 && kept(item.categories.first, "icat"))
        #expect(kept(item.id, "iguid"))
        #expect(feed.items.last?.title == "second")
    }

    @Test func surrogateAndNulCharacterReferencesBecomeReplacementCharacters() throws {
        let document = Data("""
            <?xml version="1.0"?><rss version="2.0"><channel><title>x&#xD800;y &#0; z</title>
            <item><title>a&#xDFFF;b</title></item><item><title>second</title></item></channel></rss>
            """.utf8)
        let feed = try FeedParser.parse(document)
        #expect(feed.title == "x\u{FFFD}y \u{FFFD} z")
        #expect(feed.items.map(\.title) == ["a\u{FFFD}b", "second"])
    }

    @Test func rawNulBytesLoseOnlyThemselves() throws {
        // libxml2 stops for good at a NUL byte; the parser drops NULs before libxml2 sees them, in
        // every chunk, and marks the document as not well-formed.
        let document = Data("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>be\0fore</title><item><title>a\0b</title></item><item><title>second</title></item></channel></rss>".utf8)
        let feed = try FeedParser.parse(document)
        #expect(feed.title == "before")
        #expect(feed.items.map(\.title) == ["ab", "second"])
        #expect(!feed.isWellFormed)

        let parser = FeedParser()
        for byte in document { try parser.append(Data([byte])) }
        let streamed = try parser.finish()
        #expect(streamed.title == "before")
        #expect(streamed.items.map(\.title) == ["ab", "second"])
    }

    @Test func nulBytesInADeclaredLegacyEncodingAreDroppedToo() throws {
        var bytes = Array("<?xml version=\"1.0\" encoding=\"windows-1252\"?><rss version=\"2.0\"><channel><title>caf".utf8)
        bytes += [0xE9, 0x00] + Array("</title><item><title>x\0y</title></item></channel></rss>".utf8)
        let feed = try FeedParser.parse(Data(bytes))
        #expect(feed.title == "caf\u{E9}")
        #expect(feed.items.map(\.title) == ["xy"])
        #expect(!feed.isWellFormed)
    }

    @Test func utf16FeedsKeepTheirNulBytes() throws {
        // UTF-16 is full of NUL bytes: they are part of the characters and must reach libxml2.
        let text = "<?xml version=\"1.0\" encoding=\"utf-16\"?><rss version=\"2.0\"><channel><title>Zw\u{F6}lf</title><item><title>eins</title></item></channel></rss>"
        for (bom, units) in [([UInt8](), Array(text.utf16)), ([0xFF, 0xFE], Array(text.utf16))] {
            let bytes = bom + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
            let feed = try FeedParser.parse(Data(bytes))
            #expect(feed.title == "Zw\u{F6}lf")
            #expect(feed.items.map(\.title) == ["eins"])
            #expect(feed.isWellFormed)
        }
        let bigEndian = Array(text.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let forced = try FeedParser.parse(Data(bigEndian), charset: "utf-16be")
        #expect(forced.title == "Zw\u{F6}lf")
    }

    @Test func jsonFeedWithLoneSurrogatesOrInvalidUTF8KeepsItsItems() throws {
        // Foundation's JSON decoder refuses a lone surrogate escape and raw invalid UTF-8; the
        // parser mends them to U+FFFD and keeps every other field.
        let escaped = Data(#"{"version":"https://jsonfeed.org/version/1.1","title":"a\ud800b","items":[{"id":"1","title":"x\udfffy"},{"id":"2","title":"second"}]}"#.utf8)
        let feed = try FeedParser.parse(escaped)
        #expect(feed.title == "a\u{FFFD}b")
        #expect(feed.items.map(\.title) == ["x\u{FFFD}y", "second"])
        #expect(feed.items.map(\.id) == ["1", "2"])
        #expect(!feed.isWellFormed)

        var raw = Array(#"{"version":"https://jsonfeed.org/version/1.1","title":"a"#.utf8) + Self.badBytes
        raw += Array(#"b","items":[{"id":"1","title":"x"},{"id":"2","title":"second"}]}"#.utf8)
        let repaired = try FeedParser.parse(Data(raw))
        let title = try #require(repaired.title)
        #expect(title.hasPrefix("a\u{FFFD}") && title.hasSuffix("\u{FFFD}b"))
        #expect(repaired.items.map(\.title) == ["x", "second"])
        #expect(!repaired.isWellFormed)
    }

    @Test func jsonFeedKeepsValidSurrogatePairsAndEscapedBackslashes() throws {
        // A proper pair is one character; `\\ud800` is a backslash followed by text, not an escape.
        let document = Data(#"{"version":"https://jsonfeed.org/version/1","title":"\ud83d\ude00 \\ud800","items":[]}"#.utf8)
        let feed = try FeedParser.parse(document)
        #expect(feed.title == "\u{1F600} \\ud800")
        #expect(feed.isWellFormed)
    }

    @Test func jsonFeedWithRawControlCharactersInStringsKeepsThem() throws {
        let document = Data("{\"version\":\"https://jsonfeed.org/version/1.1\",\"title\":\"one\ttwo\0\",\"items\":[{\"id\":\"1\",\"content_text\":\"line\nnext\"}]}".utf8)
        let feed = try FeedParser.parse(document)
        #expect(feed.title == "one two")
        #expect(feed.items.first?.content?.contains("next") == true)
        #expect(!feed.isWellFormed)
    }

    @Test func jsonErrorsSayWhatIsWrong() {
        func message(_ text: String) -> String? {
            do {
                _ = try FeedParser.parse(Data(text.utf8))
                return nil
            } catch {
                return (error as? FeedParserError)?.description
            }
        }
        #expect(message(#"{"title": "x" "#) == "not a feed: the document starts with { but is not valid JSON")
        #expect(message(#"{"title": 5}"#) == "not a feed: the JSON has no JSON Feed version")
        #expect(message(#"["https://jsonfeed.org/version/1.1"]"#) == "not a feed: no feed element was found")
        // A field of the wrong type loses only itself (see the format_jsonfeed_wrong_types case).
        #expect(message(#"{"version":"https://jsonfeed.org/version/1.1","items":[{"title":4}]}"#) == nil)
    }

    @Test(.enabled(if: TidingsBinary.url != nil, "build the tidings binary first"), arguments: [
        "<rss version=\"2.0\"><channel><title>N{NUL}UL</title><item><title>kept</title></item></channel></rss>",
        #"{"version":"https://jsonfeed.org/version/1","title":"lone \udc00","items":[{"id":"1","title":"kept"}]}"#,
        "<rss version=\"2.0\"><channel><title>T</title><item><title>kept</title></item><item><title>cut",
    ])
    func parseCommandPrintsTheRecoveredFeed(_ document: String) throws {
        // The NUL is put in here, so that the test's name never prints one.
        let document = document.replacingOccurrences(of: "{NUL}", with: "\0")
        let process = Process()
        process.executableURL = TidingsBinary.url
        process.arguments = ["parse", "-"]
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(document.utf8))
        try input.fileHandleForWriting.close()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let complaint = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(complaint.isEmpty)
        let object = try #require(try JSONSerialization.jsonObject(with: printed) as? [String: Any])
        #expect(object["wellFormed"] as? Bool == false)
        let items = try #require(object["items"] as? [[String: Any]])
        #expect(items.map { $0["title"] as? String } == ["kept"])
    }
}
