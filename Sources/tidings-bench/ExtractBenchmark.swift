import ArticleExtraction
import Foundation

/// `tidings extract` on a page of about 1 MB, as news sites serve them: a long article between a
/// header, navigation, a sidebar of links and a comment section of hundreds of entries.
/// Target (issue 15): ≤ 50 ms.
enum ExtractBenchmark {
    static func run() {
        print("== extract: the main article of a web page (processor time of this thread, least of 5 runs)")
        var generator = RSSGenerator(seed: 15)
        var page = "<!doctype html><html><head><meta charset=\"utf-8\"><title>Harbour wall vote — Portwenna News</title>"
        page += "<script>window.dataLayer = [];</script></head><body><header class=\"site-header\"><nav class=\"menu\">"
        page += (0..<60).map { "<a href=\"/section/\($0)\">Section \($0)</a>" }.joined() + "</nav></header>"
        page += "<main><article class=\"story\"><h1>Harbour wall vote</h1>"
        page += (0..<40).map { _ in generator.html() }.joined()
        page += "</article><aside class=\"sidebar related\">"
        page += (0..<300).map { "<li><a href=\"/story/\($0)\">Related story \($0)</a></li>" }.joined() + "</aside>"
        page += "<section id=\"comments\" class=\"comments\">"
        while page.utf8.count < 1 << 20 {
            page += "<div class=\"comment\"><a href=\"/user/\(page.utf8.count)\">reader</a><p>" + generator.html() + "</p><a href=\"#reply\">Reply</a></div>"
        }
        page += "</section></main><footer class=\"footer\">© Portwenna News</footer></body></html>"
        let bytes = Array(page.utf8)
        var words = 0
        let seconds = TextBenchmark.leastProcessorTime {
            words = ((try? ArticleExtractor.extract(html: bytes, baseURL: URL(string: "https://news.example/story")))?.text ?? "")
                .split(separator: " ").count
        }
        let target = seconds <= 0.05 ? "target ≤ 50 ms: met" : "target ≤ 50 ms: MISSED"
        print(String(format: "extract: %7.2f ms  a %d KB page to an article of %d words", seconds * 1e3, bytes.count >> 10, words) + "  (\(target))")
    }
}
