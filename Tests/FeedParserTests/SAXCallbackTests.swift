import FeedModel
import FeedParser
import Foundation
import Testing

/// The SAX callbacks' short cuts: text goes into a field with one comparison when nothing else is
/// to be done, an element's rule is looked up once, an attribute is compared as bytes. Each test
/// puts a document through the paths around a short cut.
@Suite struct SAXCallbackTests {
    private func items(_ body: String, limits: ParserLimits = ParserLimits()) throws -> [Item] {
        let document = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>T</title>\(body)</channel></rss>"
        return try FeedParser.parse(Data(document.utf8), limits: limits).items
    }

    @Test func textBetweenFieldsIsLeftOut() throws {
        let items = try items("<item>junk &amp; more<title>one &lt;b&gt; two</title>tail &lt;</item>")
        #expect(items.map(\.title) == ["one <b> two"])
    }

    @Test func textBeforeAndAfterMarkupInAFieldStaysText() throws {
        let items = try items("<item><description>a &lt; b<b>bold &amp; x</b> c &gt; d</description></item>")
        #expect(items.first?.summary == "a &lt; b<b>bold &amp; x</b> c &gt; d")
    }

    @Test func fieldLimitIsKeptOneEntityAtATime() throws {
        let limits = ParserLimits(maxFieldBytes: 1000)
        let title = String(repeating: "&lt;", count: 5000)
        let items = try items("<item><title>\(title)</title><link>https://e.example/1</link></item>", limits: limits)
        #expect(items.first?.title == String(repeating: "<", count: 1000))
        #expect(items.first?.link == "https://e.example/1")
    }

    @Test func guidIsAPermalinkOnlyWithoutTheAttributeOrWithExactlyTrue() throws {
        let values = [nil, "true", "false", "TRUE", "", "tr&#38;ue"]
        let body = values.enumerated().map { index, value in
            let attribute = value.map { " isPermaLink=\"\($0)\"" } ?? ""
            return "<item><title>t</title><guid\(attribute)>https://e.example/\(index)</guid></item>"
        }.joined()
        let links = try items(body).map(\.link)
        #expect(links == ["https://e.example/0", "https://e.example/1", nil, nil, nil, nil])
    }
}
