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
