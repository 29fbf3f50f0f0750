/// The HTML elements the extractor tells apart, and what each one is to the scorer and the writer.
///
/// Every element the extractor has no use for is `.other`: it is kept in the tree as a
/// transparent container (custom elements hold real text on many sites) and unwrapped on output.
enum ElementTag: UInt8, Sendable, CaseIterable {
    /// A text node, not an element.
    case text
    case other
    case html, body
    case form, fieldset, input
    case nav, aside, footer, header, menu
    case main, article, section, div, p, span, center, font, address, details, summary, hgroup
    case h1, h2, h3, h4, h5, h6
    case a, b, strong, i, em, u, s, strike, del, ins, small, big, sub, sup, mark, code, kbd, samp, `var`, tt
    case abbr, acronym, cite, dfn, q, time, data, bdi, bdo, ruby, rt, rp, wbr, br, hr
    case pre, blockquote, ul, ol, li, dl, dt, dd
    case table, caption, colgroup, col, thead, tbody, tfoot, tr, td, th
    case img, picture, figure, figcaption, label

    /// The element named `name` (lower case, as libxml2's HTML parser reports it).
    init(name: String) {
        self = Self.byName[name] ?? .other
    }

    /// What the tree builder does with an element before any scoring.
    enum BuildRule {
        /// Becomes a node.
        case kept
        /// Left out with everything inside: it never holds article text (scripts, forms' widgets,
        /// embedded media, vector graphics).
        case dropped
        /// Read for the page's metadata (`title`, `meta`, `base`), not put in the tree.
        case metadata
    }

    /// How the tree builder treats the element named `name`.
    static func buildRule(for name: String) -> BuildRule {
        if droppedNames.contains(name) { return .dropped }
        if name == "title" || name == "meta" || name == "base" { return .metadata }
        return .kept
    }

    private static let droppedNames: Set<String> = [
        "script", "style", "noscript", "template", "iframe", "frame", "frameset", "noframes", "object", "embed",
        "applet", "canvas", "svg", "math", "param", "source", "track", "map", "area", "select", "option",
        "optgroup", "textarea", "datalist", "button", "dialog", "link", "video", "audio", "output", "progress",
        "meter", "legend", "head", "xmp", "plaintext", "noembed", "portal",
    ]

    private static let byName: [String: ElementTag] = {
        var table: [String: ElementTag] = [:]
        for tag in allCases where tag != .text && tag != .other { table[names[Int(tag.rawValue)]] = tag }
        return table
    }()

    /// Names by raw value, made once: `String(describing:)` reflects, too slow per element.
    private static let names: [String] = allCases.map { tag in
        tag == .text || tag == .other ? "" : String(describing: tag)
    }

    /// The element's name as written in HTML; empty for text and unknown elements.
    var name: String { Self.names[Int(rawValue)] }

    var isHeading: Bool {
        switch self {
        case .h1, .h2, .h3, .h4, .h5, .h6: return true
        default: return false
        }
    }

    /// Elements whose presence inside a `div` means the `div` is a container, not a paragraph
    /// written without `<p>` (Readability's `DIV_TO_P_ELEMS`, plus the sectioning elements).
    var isBlock: Bool {
        switch self {
        case .blockquote, .dl, .div, .img, .ol, .p, .pre, .table, .ul, .section, .article, .main, .header,
             .footer, .nav, .aside, .h1, .h2, .h3, .h4, .h5, .h6, .figure, .hr, .li, .form, .fieldset,
             .address, .details, .center, .hgroup, .menu:
            return true
        default:
            return false
        }
    }

    /// Starts a paragraph of its own in plain text.
    var breaksParagraph: Bool {
        switch self {
        case .p, .div, .section, .article, .main, .header, .footer, .nav, .aside, .blockquote, .pre, .ul, .ol,
             .dl, .table, .figure, .figcaption, .h1, .h2, .h3, .h4, .h5, .h6, .hr, .address, .details, .summary,
             .center, .hgroup, .form, .fieldset, .caption, .menu:
            return true
        default:
            return false
        }
    }

    /// Inline elements written with their tag (those not listed are unwrapped on output).
    var isKeptInline: Bool {
        switch self {
        case .a, .b, .strong, .i, .em, .u, .s, .strike, .del, .ins, .small, .big, .sub, .sup, .mark, .code,
             .kbd, .samp, .var, .tt, .abbr, .acronym, .cite, .dfn, .q, .time, .data, .bdi, .bdo, .ruby, .rt,
             .rp:
            return true
        default:
            return false
        }
    }

    /// Elements written with their tag and content (block structure the renderer knows).
    var isKeptBlock: Bool {
        switch self {
        case .p, .div, .section, .article, .main, .header, .blockquote, .pre, .ul, .ol, .li, .dl, .dt, .dd,
             .table, .caption, .colgroup, .thead, .tbody, .tfoot, .tr, .td, .th, .figure, .figcaption,
             .h1, .h2, .h3, .h4, .h5, .h6, .address, .details, .summary, .hgroup:
            return true
        default:
            return false
        }
    }

    /// Elements without content.
    var isVoid: Bool {
        switch self {
        case .br, .hr, .img, .wbr, .col, .input: return true
        default: return false
        }
    }

    /// Table structure: whitespace between these is layout, not text.
    var isTableStructure: Bool {
        switch self {
        case .table, .thead, .tbody, .tfoot, .tr, .colgroup: return true
        default: return false
        }
    }
}
