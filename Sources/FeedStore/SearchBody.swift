import GRDB

/// The text the full-text index holds for an item's body, computed from its stored summary and
/// content rather than stored a second time.
///
/// The index is contentless: removing an item from it takes the very text that was indexed.
/// Instead of a copy of that text in every row (a quarter of the cache), the index's triggers
/// recompute it with the SQL function `tidingsSearchBody(summary, content)`, which every
/// connection of the store registers. That only works while the function gives the same text
/// as when the item was indexed, so the cache keeps a `fingerprint` of it: when an upgrade of
/// `SearchText` changes what it produces, the index is rebuilt on opening
/// (`FeedStore.init`), before any trigger could remove an item with the wrong text.
enum SearchBody {
    /// The summary and the content as one plain text, once when one contains the other; nil
    /// when neither has text.
    static func of(summary: String?, content: String?) -> String? {
        let summary = SearchText.fromHTML(summary)
        let content = SearchText.fromHTML(content)
        switch (summary, content) {
        case let (summary?, content?): return SearchText.contains(content, summary) ? content : summary + "\n" + content
        default: return content ?? summary
        }
    }

    /// The feed's text and, after it, the full article fetched from the item's link (stored
    /// sanitised HTML, see `FeedStore.storeFullArticle`), so that a word only the page has is
    /// found too. Without a full article it is exactly `of(summary:content:)`: items indexed
    /// before migration v7 keep matching the index.
    static func of(summary: String?, content: String?, fullArticle: String?) -> String? {
        let feedText = of(summary: summary, content: content)
        guard let fullText = SearchText.fromHTML(fullArticle) else { return feedText }
        guard let feedText else { return fullText }
        return SearchText.contains(fullText, feedText) ? fullText : feedText + "\n" + fullText
    }

    /// `tidingsSearchBody(summary, content)`: `of(summary:content:)` for SQL (the triggers that
    /// migration v5 made, until v7 replaces them).
    static let function = DatabaseFunction("tidingsSearchBody", argumentCount: 2, pure: true) { values in
        of(summary: String.fromDatabaseValue(values[0]), content: String.fromDatabaseValue(values[1]))
    }

    /// `tidingsSearchBody(summary, content, fullArticle)`: `of(summary:content:fullArticle:)`
    /// for SQL (the triggers of migration v7 onwards). SQLite tells functions apart by name and
    /// number of arguments, so both can be registered.
    static let functionWithFullArticle = DatabaseFunction("tidingsSearchBody", argumentCount: 3, pure: true) { values in
        of(summary: String.fromDatabaseValue(values[0]), content: String.fromDatabaseValue(values[1]),
           fullArticle: String.fromDatabaseValue(values[2]))
    }

    /// A digest of what `of(summary:content:)` makes of samples of everything it handles (tags,
    /// comments, entities, scripts written without spaces, a summary repeated in the content):
    /// it changes when an upgrade changes the text the index would be given.
    static let fingerprint: String = {
        let samples: [(String?, String?)] = [
            ("<p>Plain <b>bold</b> and <a href=\"https://example.com/x?a=1&amp;b=2\">a link</a></p>", nil),
            (nil, "<div><p>First block</p><p>second&nbsp;block &amp; more &lt;tag&gt; &#233;&#x4E2D; &eacute;&hellip;</p></div>"),
            ("<!-- a comment --><ul><li>one</li><li>two</li></ul><br/>line<br>break", "<pre>code  with   spaces\n\tand tabs</pre>"),
            ("東京都の天気は晴れ、気温は２０度。한국어 텍스트。カタカナ ﾊﾝｶｸ 𠀋", nil),
            ("Summary that the content repeats", "<p>Summary that the content repeats, and goes on.</p>"),
            ("<p>Summary</p>", "<p>Different content</p>"),
            ("<img src=\"x.png\" alt=\"an image\"><script>ignored()</script><style>p{}</style>Café naïve", ""),
            ("&unknown; & alone &#xZZ; &#99999999; <unclosed", "<![CDATA[cdata]]> > < >"),
            (nil, nil),
        ]
        let fullArticles: [(String?, String?, String?)] = [
            ("Teaser only", nil, "<p>Teaser only, then the whole article from the page.</p>"),
            (nil, "<p>Feed text</p>", "<h2>Page</h2><p>Other words</p>"),
            (nil, nil, "<p>Only the page</p>"),
        ]
        let text = (samples.map { of(summary: $0.0, content: $0.1) ?? "\u{0}" }
            + fullArticles.map { of(summary: $0.0, content: $0.1, fullArticle: $0.2) ?? "\u{0}" })
            .joined(separator: "\u{1E}")
        return ItemKey.hexDigest(text)
    }()
}
