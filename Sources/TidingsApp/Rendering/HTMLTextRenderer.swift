import Configuration
import HTMLText
import TerminalUI

/// Renders an item's HTML to styled terminal text, reading it with `HTMLTokenizer` (the one HTML
/// tokenizer of Tidings: excerpts and search text read the same way, see `PlainHTMLText`).
///
/// Paragraphs and headings are separated by blank lines; headings are bold; `strong`/`b` are
/// bold and `em`/`i`/`u` underlined; list items get bullets or numbers and a hanging indent;
/// block quotes are indented; `pre` keeps its spacing and line breaks and is cut, not wrapped, at
/// the view's width; `<br>` breaks the line; tables are aligned in columns by display width, or
/// shown row by row when too wide; each link is followed by its number, `[1]`, and each image
/// reads `[image 2: alt]`, numbered with the links, whose absolute URLs are listed at the end
/// under "Links". Scripts, styles and comments are skipped. Malformed HTML (tag soup) is
/// recovered, never refused.
public enum HTMLTextRenderer {
    /// Renders `html`, resolving relative links and image sources against `baseURL`; link
    /// numbers, in the text and in the list of links, are drawn in `linkStyle` (the theme's
    /// `article_link`). Without `listsLinks` the text ends without its list of links (previews).
    public static func render(
        _ html: String, baseURL: String? = nil, linkStyle: Style = Theme.standard.articleLink, listsLinks: Bool = true
    ) -> ArticleBody {
        let builder = HTMLTextBuilder(baseURL: baseURL, linkStyle: linkStyle, listsLinks: listsLinks)
        var html = html
        html.withUTF8 { bytes in
            var tokenizer = HTMLTokenizer(bytes)
            while let token = tokenizer.next() {
                switch token {
                case .text(let range): builder.text(tokenizer.text(range))
                case .startTag(let tag): builder.start(tag) { tokenizer.attribute($0, of: tag) }
                case .endTag(let element): builder.end(element)
                }
            }
        }
        return builder.finish()
    }
}
