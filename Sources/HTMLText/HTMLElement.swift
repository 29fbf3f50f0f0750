/// The elements whose meaning changes how HTML reads as text; every other name is ``other``.
///
/// One table for every HTML-to-text path: which elements hide their content (scripts, styles,
/// embedded documents), which break a line or start a paragraph, and which have no end tag.
public enum HTMLElement: String, CaseIterable, Sendable {
    case a, abbr, address, article, aside, b, blockquote, body, br, caption, center, cite, code, col, colgroup
    case dd, del, details, dfn, div, dl, dt, em, fieldset, figcaption, figure, footer, form, h1, h2, h3, h4, h5, h6
    case head, header, hr, html, i, iframe, img, ins, kbd, li, main, math, nav, noembed, noframes, noscript
    case object, ol, p, plaintext, pre, q, s, samp, script, section, select, small, span, strike, strong, style
    case sub, summary, sup, svg, table, tbody, td, template, textarea, tfoot, th, thead, title, tr, tt, u, ul
    case `var`, video, audio, picture, source, track, wbr, area, base, embed, input, link, meta, param, xmp
    /// Any element this table does not name: read as inline, its text kept.
    case other

    /// How an element separates its text from what surrounds it.
    public enum Layout: Sendable {
        /// Part of the running text (`b`, `a`, `span`, unknown elements).
        case inline
        /// On lines of its own (`div`, `li`, `tr`).
        case line
        /// A block set apart by blank lines (`p`, headings, lists, tables, `pre`).
        case paragraph
    }

    /// The element named by `name` (ASCII letters and digits, any case).
    public init(name: UnsafeBufferPointer<UInt8>) {
        guard name.count <= Self.longestName else {
            self = .other
            return
        }
        let lowercased = String(unsafeUninitializedCapacity: name.count) { output in
            for (index, byte) in name.enumerated() {
                output[index] = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
            }
            return name.count
        }
        self = Self.byName[lowercased] ?? .other
    }

    private static let byName: [String: HTMLElement] = Dictionary(
        uniqueKeysWithValues: allCases.filter { $0 != .other }.map { ($0.rawValue, $0) })
    private static let longestName = allCases.map(\.rawValue.utf8.count).max()!

    public var layout: Layout {
        switch self {
        case .p, .h1, .h2, .h3, .h4, .h5, .h6, .pre, .blockquote, .ul, .ol, .dl, .table, .figure, .address, .details, .hr:
            return .paragraph
        case .div, .section, .article, .header, .footer, .aside, .nav, .main, .figcaption, .dt, .dd, .tr, .li, .summary,
            .center, .form, .fieldset, .caption, .br, .html, .body, .thead, .tbody, .tfoot:
            return .line
        default:
            return .inline
        }
    }

    /// True when the element's content is not text to read: scripts, styles, embedded documents
    /// and graphics, form controls, the document's head, and the fallback inside `video` and
    /// `audio` (for readers without players; the article view shows those as links).
    public var hidesContent: Bool {
        switch self {
        case .script, .style, .head, .title, .template, .noscript, .svg, .math, .select, .textarea, .iframe, .object,
            .noembed, .noframes, .xmp, .video, .audio:
            return true
        default:
            return false
        }
    }

    /// True when the element's content is raw text that runs to its own end tag, markup and all:
    /// the tokenizer skips it whole (`<script>if (a < b) …</script>`).
    public var isRawText: Bool {
        switch self {
        case .script, .style, .xmp, .iframe, .noembed, .noframes, .noscript, .textarea, .title, .plaintext: return true
        default: return false
        }
    }

    /// True for elements that never have content or an end tag (`br`, `img`…).
    public var isVoid: Bool {
        switch self {
        case .br, .hr, .img, .col, .wbr, .area, .base, .embed, .input, .link, .meta, .param, .source, .track: return true
        default: return false
        }
    }

    /// Drawn bold in the article view.
    public var isBold: Bool {
        switch self {
        case .b, .strong, .h1, .h2, .h3, .h4, .h5, .h6, .th, .dt: return true
        default: return false
        }
    }

    /// Drawn underlined in the article view.
    public var isUnderlined: Bool {
        switch self {
        case .i, .em, .u, .ins, .cite, .dfn, .h1: return true
        default: return false
        }
    }
}
