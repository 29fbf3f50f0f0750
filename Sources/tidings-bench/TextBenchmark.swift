import FeedParser
import FeedStore
import Foundation
import TidingsApp

/// The cost of turning item HTML into text: what storing an item pays for its full-text search
/// text and its list excerpt, and what opening a large article pays to render it.
enum TextBenchmark {
    static func run() {
        print("== text: HTML to text (processor time of this thread, least of 5 runs)")
        // Descriptions as the store receives them: sanitised by the parser first.
        let feedURL = URL(string: "https://bench.example/feed.xml")!
        let items = RSSGenerator.descriptions(count: 20_000, seed: 9).map { HTMLSanitizer.sanitize($0, baseURL: feedURL) }
        var kept = 0
        let search = leastProcessorTime {
            for html in items { kept &+= SearchText.fromHTML(html)?.utf8.count ?? 0 }
        } / Double(items.count)
        let excerpt = leastProcessorTime {
            for html in items { kept &+= ListText.excerpt(summary: html, content: nil)?.utf8.count ?? 0 }
        } / Double(items.count)
        precondition(kept > 0)
        print(String(format: "text: %8.2f µs  search text + excerpt per stored item (~2 KB of HTML): %.2f + %.2f µs",
                     (search + excerpt) * 1e6, search * 1e6, excerpt * 1e6))

        // A long article: 250 of those bodies (~500 KB), a table and a block of code.
        var article = items.prefix(250).joined(separator: "\n")
        article += "<table>" + (0..<200).map { "<tr><td>row \($0)</td><td>日本語 \($0)</td><td>\($0 * 37)</td></tr>" }.joined() + "</table>"
        article += "<pre>" + (0..<200).map { "let line\($0) = \(String(repeating: "x", count: $0 % 160))" }.joined(separator: "\n") + "</pre>"
        var lines = 0
        let render = leastProcessorTime { lines = HTMLTextRenderer.render(article, baseURL: "https://bench.example/post").lines(width: 100).count }
        print(String(format: "text: %8.2f ms  render a %d KB article to %d styled lines", render * 1e3, article.utf8.count >> 10, lines))
    }

    /// The least processor time of this thread over five runs of `body`, in seconds: on a machine
    /// shared with builds, wall time measures the neighbours more than the code.
    static func leastProcessorTime(_ body: () -> Void) -> Double {
        var least = Double.infinity
        for _ in 0..<5 {
            var start = timespec(), end = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
            body()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
            least = min(least, Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9)
        }
        return least
    }
}
