import FeedParser
import Foundation

/// Finds the main article of a web page — without its menus, cookie banners, share buttons,
/// comments and "related stories" — and returns it as sanitised HTML and as plain text.
///
/// A Readability-style extractor over libxml2's HTML parser: paragraphs are scored by length
/// and commas, scores flow to their ancestors weighted by tag, class and id hints and link
/// density, the best ancestor and its related siblings are taken, and what is left of the page's
/// furniture inside them is cleaned out (`ContentScorer`, `ArticleCleaner`). When the first
/// attempt finds little text, the next ones drop heuristics one by one.
///
/// ```swift
/// let article = try ArticleExtractor.extract(html: data, baseURL: pageURL, charset: httpCharset)
/// print(article.title ?? "", article.text)
/// ```
///
/// Throws `ArticleExtractionError` when the page is too large, is not HTML (a PDF, binary
/// data) or has nothing article-like on it. Safe on hostile input: the size is capped, nesting
/// deeper than `PageTree.maximumDepth` is flattened, every walk uses an explicit stack, and the
/// output goes through `HTMLSanitizer`.
public enum ArticleExtractor {
    /// Larger pages are refused.
    public static let maximumInputBytes = 64 << 20

    /// Less paragraph text than this (in `TextMeasure` units: characters, CJK counted twice) is
    /// no article.
    static let minimumArticleLength: Int32 = 140

    /// An attempt that finds this much paragraph text is taken without trying others
    /// (Readability's `charThreshold`).
    static let sufficientArticleLength: Int32 = 500

    /// Extracts the article from the bytes of a page.
    ///
    /// - Parameters:
    ///   - html: the page as served.
    ///   - baseURL: the page's address, against which relative links and images are resolved
    ///     (a `<base href>` in the page is honoured too); nil leaves them relative.
    ///   - charset: the charset HTTP declared, which wins over the page's `<meta>` (a byte-order
    ///     mark wins over both).
    public static func extract(html: Data, baseURL: URL? = nil, charset: String? = nil) throws -> ExtractedArticle {
        guard html.count <= maximumInputBytes else { throw ArticleExtractionError.tooLarge(bytes: html.count) }
        let utf8 = try html.withUnsafeBytes { try PageDecoder.utf8($0, charset: charset) }
        return try extract(utf8: utf8, baseURL: baseURL)
    }

    /// The same, for bytes in an array.
    public static func extract(html: [UInt8], baseURL: URL? = nil, charset: String? = nil) throws -> ExtractedArticle {
        guard html.count <= maximumInputBytes else { throw ArticleExtractionError.tooLarge(bytes: html.count) }
        let utf8 = try html.withUnsafeBytes { try PageDecoder.utf8($0, charset: charset) }
        return try extract(utf8: utf8, baseURL: baseURL)
    }

    /// The same, for a page already decoded to text.
    public static func extract(html: String, baseURL: URL? = nil) throws -> ExtractedArticle {
        try extract(html: Array(html.utf8), baseURL: baseURL, charset: "UTF-8")
    }

    private static func extract(utf8: [UInt8], baseURL: URL?) throws -> ExtractedArticle {
        guard let (page, metadata) = PageTree.parse(utf8: utf8) else { throw ArticleExtractionError.noArticle }
        let pageMetrics = TreeMetrics(page, from: page.root)
        let headings = leadingHeadings(page)
        let headline = ArticleTitle.headline(metadata, headings: headings)
        let titles = [headline, metadata.metaTitle, metadata.documentTitle].compactMap { $0 }

        var best: (tree: PageTree, article: PageTree.Index, length: Int32)?
        for flags in ExtractionFlags.attempts {
            var scorer = ContentScorer(tree: page, pageMetrics: pageMetrics, flags: flags)
            let article = scorer.findArticle()
            var cleaner = ArticleCleaner(tree: scorer.tree, article: article, flags: flags)
            cleaner.clean()
            var tree = cleaner.tree
            ArticleTitle.removeRepeatedHeadings(in: &tree, article: article, titles: titles)
            let length = TreeMetrics(tree, from: article)[article].paragraphTextLength
            if length > best?.length ?? -1 { best = (tree, article, length) }
            if length >= sufficientArticleLength { break }
        }
        guard let best, best.length >= minimumArticleLength else { throw ArticleExtractionError.noArticle }

        var base = baseURL?.absoluteString
        if let href = metadata.baseHref, let resolved = URLResolver.resolve(href, againstBase: base) { base = resolved }
        let html = HTMLSanitizer.sanitize(ArticleWriter.html(best.tree, from: best.article), base: base)
        let text = ArticleWriter.text(best.tree, from: best.article)
        return ExtractedArticle(title: headline, html: html, text: text)
    }

    /// The texts of the page's first `h1` and `h2` headings, which the title heuristics compare
    /// with `<title>`.
    private static func leadingHeadings(_ tree: PageTree) -> [String] {
        var headings: [String] = []
        for index in tree.preorder(from: tree.body) where tree[index].tag == .h1 || tree[index].tag == .h2 {
            headings.append(tree.text(of: index))
            if headings.count == 8 { break }
        }
        return headings
    }
}
