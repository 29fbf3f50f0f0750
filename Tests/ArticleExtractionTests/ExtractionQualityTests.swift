import ArticleExtraction
import Foundation
import Testing

/// The fixture pages under `Fixtures/`: each `NAME.html` is a page written like a real site's
/// (navigation, sidebars, banners, share bars, comments, footers around the article) and
/// `NAME.txt` is its main text as a reader would mark it: the body's paragraphs, headings,
/// lists and code, without headline, byline, captions or furniture.
@Suite struct ExtractionQualityTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    struct Page: CustomStringConvertible, Sendable {
        var name: String
        var baseURL: String
        /// Strings the extracted text must hold.
        var keeps: [String]
        /// Boilerplate strings it must not hold.
        var drops: [String]
        var description: String { name }
    }

    static let pages: [Page] = [
        Page(
            name: "news-article", baseURL: "https://herald.example.co.uk/news/local/2024/11/14/flood-wall/",
            keeps: ["Councillors in Portwenna voted unanimously", "Years of warnings", "Nobody disagrees that we need it."],
            drops: ["cookies", "Share on Facebook", "Related stories", "Most read", "About time", "Subscribe",
                    "All rights reserved", "Advertisement", "Mara Lindqvist", "Skip to content", "Topics:"]),
        Page(
            name: "blog-post", baseURL: "https://flourandfield.example/2024/03/02/weekday-sourdough/",
            keeps: ["For years I thought sourdough", "375 g water, lukewarm", "you will blame the recipe."],
            drops: ["Share this", "Related", "Posted in", "Recent Posts", "Made this on Wednesday", "Leave a Reply",
                    "Proudly powered", "View all posts", "Previous post", "March 2, 2024", "About me"]),
        Page(
            name: "documentation", baseURL: "https://docs.tern.example/3.2/guide/retries.html",
            keeps: ["Network requests fail", "client = Client(\n    retry=RetryPolicy(attempts=3, backoff=0.5)\n)",
                    "attempts\t3\tRetries after the first try", "may be charged twice."],
            drops: ["Installation", "Quickstart", "On this page", "Edit this page", "Copyright", "Back to top",
                    "4.0 beta", "Made with"]),
        Page(
            name: "forum-thread", baseURL: "https://forum.example.org/viewtopic.php?t=90211",
            keeps: ["I fitted a new 11-speed chain", "Almost certainly the cassette.", "Thanks both"],
            drops: ["Posts:", "Joined:", "too many spare tubes", "Who is online", "Post Reply", "Board index",
                    "Powered by", "FAQ"]),
        Page(
            name: "japanese-news", baseURL: "https://minato.example.jp/local/20250110/",
            keeps: ["伝統の定置網漁がおよそ一年ぶりに再開した。", "加工場の再建はこれから", "設ける方針だ。"],
            drops: ["ログイン", "関連ニュース", "アクセスランキング", "広告", "無断転載", "シェア", "トップ",
                    "2025年1月10日"]),
        Page(
            name: "chinese-blog", baseURL: "https://www.example.cn/xiaoyuan/p/18011.html",
            keeps: ["今年是我在阳台上种番茄的第三年。", "三、人工授粉很有帮助", "到时候再来更新。"],
            drops: ["好文要顶", "评论列表", "布袋盆确实好用", "阅读排行榜", "上一篇", "Powered by", "分类:",
                    "登录", "posted @"]),
        Page(
            name: "article-element", baseURL: "https://wayfarer.example/rail/night-train",
            keeps: ["At ten past eight on a wet Tuesday evening", "A bed, not a seat", "without a single minute of the day wasted."],
            drops: ["More from Rail", "Five alpine lines", "Sign in", "The Wayfarer letter", "Words by",
                    "WhatsApp", "Privacy", "8 min read"]),
    ]

    static func load(_ name: String, _ ext: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent("\(name).\(ext)"))
    }

    @Test(arguments: pages) func extractsTheMainText(page: Page) throws {
        let html = try Self.load(page.name, "html")
        let expected = String(decoding: try Self.load(page.name, "txt"), as: UTF8.self)
        let article = try ArticleExtractor.extract(html: html, baseURL: URL(string: page.baseURL))
        let overlap = TokenOverlap(extracted: article.text, expected: expected)
        print("\(page.name): precision \(overlap.precision) recall \(overlap.recall) F1 \(overlap.f1)")
        #expect(overlap.f1 >= 0.9, "\(page.name): F1 \(overlap.f1)\n\(article.text)")
        for text in page.keeps { #expect(article.text.contains(text), "\(page.name) lost: \(text)") }
        for text in page.drops { #expect(!article.text.contains(text), "\(page.name) kept: \(text)") }
        #expect(!article.html.lowercased().contains("<script"))
        #expect(!HTMLChecks.hasEventHandler(article.html), "event handler in \(page.name)")
    }

    @Test func aLinkDirectoryHasNoArticle() throws {
        let html = try Self.load("link-directory", "html")
        #expect(throws: ArticleExtractionError.noArticle) {
            try ArticleExtractor.extract(html: html, baseURL: URL(string: "https://dir.example.org/Science/Astronomy/"))
        }
    }
}
