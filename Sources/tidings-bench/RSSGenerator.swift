import Foundation

/// Generates RSS 2.0 the way real feeds look: items with titles, links, guids, dates, categories and
/// entity-escaped HTML descriptions (paragraphs, links, emphasis, lists, entities).
struct RSSGenerator {
    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/">
        <channel><title>Benchmark Feed</title><link>https://bench.example/</link>
        <description>A generated feed for measuring parser throughput</description><language>en</language>

        """
    static let footer = "</channel></rss>\n"

    private static let words = ["swift", "parser", "feed", "terminal", "reader", "library", "stream", "bytes",
                                "namespace", "element", "the", "a", "of", "and", "with", "fast", "safe", "news",
                                "café", "naïve", "über", "日本語", "release", "update", "article", "today"]
    private var state: UInt64
    private var index = 0
    /// In every item's guid and link, so that two feeds never share an item: newsboat keys items
    /// by guid alone, and Tidings folds the copies of a story.
    private let feedTag: UInt64

    init(seed: UInt64) {
        state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        feedTag = seed
    }

    static func feed(bytes: Int, seed: UInt64) -> Data {
        var generator = RSSGenerator(seed: seed)
        var text = header
        text.reserveCapacity(bytes + 4096)
        while text.utf8.count < bytes { text += generator.nextItem() }
        text += footer
        return Data(text.utf8)
    }

    static func descriptions(count: Int, seed: UInt64) -> [String] {
        var generator = RSSGenerator(seed: seed)
        return (0..<count).map { _ in generator.html() }
    }

    mutating func nextItem() -> String {
        index += 1
        let title = sentence(6)
        return """
            <item><title>\(escape(title))</title><link>https://bench.example/\(feedTag)/posts/\(index)</link>
            <guid isPermaLink="false">bench-\(feedTag)-\(index)</guid><pubDate>Tue, 0\(index % 9 + 1) Mar 2024 1\(index % 10):2\(index % 10):00 +0000</pubDate>
            <dc:creator>Writer \(index % 17)</dc:creator><category>\(word())</category><category>\(word())</category>
            <description>\(escape(html()))</description></item>

            """
    }

    /// An HTML body of about 2 KB.
    mutating func html() -> String {
        var body = ""
        for paragraph in 0..<5 {
            body += "<p>\(sentence(12)) <a href=\"https://bench.example/ref/\(index)/\(paragraph)\">\(sentence(3))</a> "
            body += "<em>\(sentence(4))</em> &amp; <strong>\(sentence(3))</strong> &mdash; \(sentence(10))&hellip;</p>\n"
        }
        body += "<ul><li>\(sentence(5))</li><li>\(sentence(5))</li></ul><p><img src=\"/img/\(index).png\" alt=\"x\"></p>"
        return body
    }

    private func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + text.utf8.count / 4)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    private mutating func sentence(_ count: Int) -> String {
        (0..<count).map { _ in word() }.joined(separator: " ")
    }

    private mutating func word() -> String {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Self.words[Int(state % UInt64(Self.words.count))]
    }
}
