import FeedModel
import FeedParser
import Foundation
import Testing

/// Documents built to hurt a parser. Each test asserts the bound that stops it; none measures time.
@Suite struct HostileInputTests {
    private func rss(doctype: String = "", title: String) -> Data {
        Data("<?xml version=\"1.0\"?>\(doctype)<rss version=\"2.0\"><channel><title>\(title)</title><item><title>after</title></item></channel></rss>".utf8)
    }

    @Test func billionLaughsExpandsToNothingBig() throws {
        var doctype = "<!DOCTYPE rss [<!ENTITY lol0 \"lol\">"
        for level in 1...9 {
            doctype += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }
        doctype += "]>"
        let feed = try FeedParser.parse(rss(doctype: doctype, title: "&lol9;"))
        #expect((feed.title ?? "").utf8.count < 100)
        #expect(feed.isWellFormed == false)
    }

    @Test func quadraticBlowupRefusesLongEntities() throws {
        let doctype = "<!DOCTYPE rss [<!ENTITY big \"" + String(repeating: "a", count: 50_000) + "\">]>"
        let feed = try FeedParser.parse(rss(doctype: doctype, title: String(repeating: "&big;", count: 20_000)))
        #expect((feed.title ?? "").utf8.count < 1000)
        #expect(feed.items.count == 1)
    }

    @Test func quadraticBlowupWithShortEntitiesStopsAtTheBudget() throws {
        let limits = ParserLimits(maxEntityExpansionBytes: 100_000)
        let doctype = "<!DOCTYPE rss [<!ENTITY e \"" + String(repeating: "b", count: 200) + "\">]>"
        let feed = try FeedParser.parse(rss(doctype: doctype, title: String(repeating: "&e;", count: 100_000)), limits: limits)
        #expect((feed.title ?? "").utf8.count <= 100_000)
        #expect(feed.isWellFormed == false)
    }

    @Test func externalEntityReadsNoLocalFile() throws {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-xxe-\(getpid()).txt")
        try "TOP-SECRET-CONTENT".write(to: secret, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: secret) }
        let general = "<!DOCTYPE rss [<!ENTITY xxe SYSTEM \"\(secret.absoluteString)\">]>"
        let feed = try FeedParser.parse(rss(doctype: general, title: "x&xxe;y"))
        #expect(!(feed.title ?? "").contains("TOP-SECRET"))
        let parameter = "<!DOCTYPE rss [<!ENTITY % p SYSTEM \"\(secret.absoluteString)\"> %p;]>"
        let second = try FeedParser.parse(rss(doctype: parameter, title: "plain"))
        #expect(!FeedJSON.encode(second).contains("TOP-SECRET"))
        let external = "<!DOCTYPE rss SYSTEM \"\(secret.absoluteString)\">"
        let third = try FeedParser.parse(rss(doctype: external, title: "ext"))
        #expect(third.title == "ext")
    }

    @Test func deepNestingIsCutAtTheDepthBound() throws {
        let depth = 100_000
        let limits = ParserLimits()
        let document = "<rss version=\"2.0\"><channel><title>deep</title><item><title>kept</title></item>"
            + String(repeating: "<x>", count: depth) + "<item><title>too deep</title></item>"
            + String(repeating: "</x>", count: depth) + "<item><title>after</title></item></channel></rss>"
        let feed = try FeedParser.parse(Data(document.utf8), limits: limits)
        #expect(feed.title == "deep")
        #expect(feed.items.map(\.title) == ["kept", "after"])
        #expect(limits.maxDepth < depth)
    }

    @Test func randomBytesAreNotAFeed() {
        var generator = SplitMix(seed: 42)
        let bytes = (0..<1_000_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        #expect(throws: FeedParserError.self) { try FeedParser.parse(Data(bytes)) }
    }

    @Test func junkStreamIsRefusedWithinTheFirstChunks() throws {
        var generator = SplitMix(seed: 7)
        let parser = FeedParser()
        var chunks = 0
        do {
            // As much as 1 GB would be offered; the parser must give up long before.
            while chunks < 16_384 {
                let chunk = (0..<65_536).map { _ in UInt8(truncatingIfNeeded: generator.next() | 0x80) }
                chunks += 1
                try parser.append(Data(chunk))
            }
            Issue.record("junk was accepted for \(chunks) chunks")
        } catch let error as FeedParserError {
            #expect(chunks <= 2)
            #expect(error != .empty)
        }
    }

    @Test func inputOverTheCapIsRefused() throws {
        let limits = ParserLimits(maxInputBytes: 1 << 20)
        let item = "<item><title>t</title><description>" + String(repeating: "x", count: 1000) + "</description></item>"
        let document = "<rss version=\"2.0\"><channel>" + String(repeating: item, count: 2000) + "</channel></rss>"
        #expect(throws: FeedParserError.tooLarge(limit: 1 << 20)) { try FeedParser.parse(Data(document.utf8), limits: limits) }
    }

    @Test func oversizedFieldIsCut() throws {
        let limits = ParserLimits(maxFieldBytes: 64 << 10)
        let document = "<rss version=\"2.0\"><channel><title>" + String(repeating: "y", count: 1 << 20)
            + "</title><item><title>i</title></item></channel></rss>"
        let feed = try FeedParser.parse(Data(document.utf8), limits: limits)
        #expect((feed.title ?? "").utf8.count <= 64 << 10)
        #expect(feed.items.first?.title == "i")
    }

    @Test func htmlNamedEntitiesDecodeWithTheNetscapeDoctype() throws {
        let doctype = "<!DOCTYPE rss PUBLIC \"-//Netscape Communications//DTD RSS 0.91//EN\" \"http://my.netscape.com/publish/formats/rss-0.91.dtd\">"
        let feed = try FeedParser.parse(Data("<?xml version=\"1.0\"?>\(doctype)<rss version=\"0.91\"><channel><title>a&nbsp;&eacute;&hellip;</title></channel></rss>".utf8))
        #expect(feed.format == .rss091)
        #expect(feed.title?.contains("é…") == true)
    }
}

/// A small deterministic generator, so that "random" inputs are the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Fixtures with bytes flipped, cut, duplicated and shuffled: every one must end with a feed or a
/// `FeedParserError`, byte-at-a-time streaming included, and never trap.
@Suite struct MutationTests {
    @Test func mutatedFixturesEndWithAFeedOrAnError() throws {
        var generator = SplitMix(seed: 2026)
        let names = FixtureCases.names
        var outcomes = (feeds: 0, errors: 0)
        for round in 0..<1500 {
            var bytes = [UInt8](try FixtureCases.document(named: names[round % names.count]))
            for _ in 0..<(1 + Int(generator.next() % 6)) where !bytes.isEmpty {
                let position = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 5 {
                case 0: bytes[position] = UInt8(truncatingIfNeeded: generator.next())
                case 1: bytes.removeSubrange(position..<min(bytes.count, position + Int(generator.next() % 40)))
                case 2: bytes.insert(contentsOf: bytes[position..<min(bytes.count, position + 30)], at: position)
                case 3: bytes.insert(contentsOf: Array("<![CDATA[&#x0;<!ENTITY x \"&x;\">]]>&nbsp;".utf8), at: position)
                default: bytes = Array(bytes[..<position])
                }
            }
            do {
                let parser = FeedParser()
                if round % 10 == 0 {
                    for byte in bytes { try parser.append(Data([byte])) }
                } else {
                    try parser.append(Data(bytes))
                }
                _ = FeedJSON.encode(try parser.finish())
                outcomes.feeds += 1
            } catch is FeedParserError {
                outcomes.errors += 1
            }
        }
        #expect(outcomes.feeds + outcomes.errors == 1500)
        #expect(outcomes.feeds > 500)
    }
}
