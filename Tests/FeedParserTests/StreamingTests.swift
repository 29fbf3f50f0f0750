import FeedModel
import FeedParser
import Foundation
import Testing

/// The push parser must give the same feed whatever the chunking of the bytes.
@Suite struct StreamingTests {
    static let samples = ["enc_shift_jis", "enc_utf16le_bom", "enc_utf32be_bom", "enc_iso_2022_jp", "format_atom10",
                          "item_description_naked_markup", "atom_content_xhtml_div_unwrapped", "format_jsonfeed10",
                          "enc_lying_utf8_is_windows1252", "ill_leading_whitespace", "format_rss091_netscape_doctype",
                          "ill_bare_ampersand_in_links_and_text", "ill_unknown_entity"]

    @Test(arguments: samples)
    func byteAtATimeEqualsWhole(_ name: String) throws {
        let data = try FixtureCases.document(named: name)
        let whole = try FeedParser.parse(data)
        let parser = FeedParser()
        for byte in data { try parser.append(Data([byte])) }
        let streamed = try parser.finish()
        #expect(streamed == whole)
    }

    @Test func chunksOfSevenEqualWhole() throws {
        let data = try FixtureCases.document(named: "format_rss10_rdf")
        let parser = FeedParser()
        var offset = 0
        while offset < data.count {
            try parser.append(data.subdata(in: offset..<min(offset + 7, data.count)))
            offset += 7
        }
        #expect(try parser.finish() == FeedParser.parse(data))
    }

    /// Chunks that come as `Data` are kept for a second reading as they are, others copied and
    /// small ones joined: a document read again in another encoding (windows-1252 bytes declared
    /// as UTF-8) comes out the same whatever its chunks were, every byte of every item in place.
    @Test func keptAndCopiedChunksGiveTheSameSecondReading() throws {
        var data = Data(#"<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Caf"#.utf8) + [0xE9]
        data += Data("</title>".utf8)
        for number in 0..<1_000 {
            data += Data("<item><title>".utf8) + [0x93] + Data("Caf".utf8) + [0xE9, 0x94] + Data(" \(number)</title></item>".utf8)
        }
        data += Data("</channel></rss>".utf8)
        let whole = try FeedParser.parse(data)
        #expect(whole.hadEncodingFallback && whole.title == "Café" && whole.items.count == 1_000)
        #expect(whole.items.last?.title == "“Café” 999")
        let parser = FeedParser()
        var offset = 0
        var number = 0
        while offset < data.count {
            let size = [5_000, 100, 7_000, 3, 6_000][number % 5]
            let chunk = data.subdata(in: offset..<min(offset + size, data.count))
            if number % 3 == 2 {
                try chunk.withUnsafeBytes { try parser.append($0) }
            } else {
                try parser.append(chunk)
            }
            offset += chunk.count
            number += 1
        }
        #expect(try parser.finish() == whole)
    }

    @Test func emptyInputIsEmpty() {
        #expect(throws: FeedParserError.empty) { try FeedParser().finish() }
    }
}

/// The fetch pipeline parses several feeds at once: results must not depend on other threads.
@Suite struct ConcurrentParsingTests {
    @Test func parallelParsesEqualSequentialOnes() throws {
        let names = FixtureCases.names.filter { !$0.hasPrefix("format_") || $0.hasPrefix("format_rss") }
        let documents = try names.map { try FixtureCases.document(named: $0) }
        let expected = documents.map { try? FeedParser.parse($0) }
        let results = ResultBox(count: documents.count)
        DispatchQueue.concurrentPerform(iterations: documents.count * 4) { index in
            let slot = index % documents.count
            results.set(slot, try? FeedParser.parse(documents[slot]))
        }
        for index in documents.indices {
            #expect(results.get(index) == expected[index], "\(names[index])")
        }
    }

    /// Collects results from concurrent workers.
    final class ResultBox: @unchecked Sendable {
        private var values: [Feed?]
        private let lock = NSLock()
        init(count: Int) { values = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ value: Feed?) { lock.withLock { values[index] = value } }
        func get(_ index: Int) -> Feed? { lock.withLock { values[index] } }
    }
}
