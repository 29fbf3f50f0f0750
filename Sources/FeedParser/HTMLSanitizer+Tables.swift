extension HTMLSanitizer {
    /// What the sanitiser does with an element, by name.
    enum ElementRule: Equatable {
        /// Kept with its allowed attributes. `id` indexes `elementNames`.
        case allowed(id: Int, isVoid: Bool)
        /// Removed with everything inside. Raw-text elements (`script`, `style`…) end only at
        /// their own end tag; the others nest and are tracked by depth.
        case dropped(rawText: Bool)
        /// A void element that is removed (`meta`, `link`, `embed`…); it has no content.
        case droppedVoid
        /// Not known to be safe: the tag is removed, its content kept.
        case unwrapped
    }

    /// What the sanitiser does with an attribute of an allowed element, by name.
    enum AttributeRule: Equatable {
        case plain
        case url
        case srcset
        case usemap
        case style
    }

    /// An element or attribute name packed into two words, lower-cased: a cheap, allocation-free
    /// key. Names longer than 16 bytes are never on an allow-list and get no key.
    struct NameKey: Hashable {
        var low: UInt64 = 0
        var high: UInt64 = 0

        init?(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
            guard range.count <= 16, !range.isEmpty else { return nil }
            for (offset, index) in range.enumerated() {
                var byte = bytes[index]
                if byte &- UInt8(ascii: "A") < 26 { byte |= 0x20 }
                if offset < 8 {
                    low |= UInt64(byte) << (offset * 8)
                } else {
                    high |= UInt64(byte) << ((offset - 8) * 8)
                }
            }
        }

        init(_ name: String) {
            var bytes = Array(name.utf8)
            self = bytes.withUnsafeMutableBufferPointer { NameKey(UnsafeBufferPointer($0), 0..<$0.count)! }
        }
    }

    /// Elements kept, after the allow-lists of established feed libraries (Universal Feed Parser's
    /// `acceptable_elements`), minus forms and scripting, plus HTML5's semantic and media elements.
    static let allowedElementNames: [String] = [
        "a", "abbr", "acronym", "address", "article", "aside", "audio", "b", "bdi", "bdo", "big", "blockquote",
        "caption", "center", "cite", "code", "colgroup", "data", "dd", "del", "details", "dfn", "dir", "div", "dl",
        "dt", "em", "figcaption", "figure", "font", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup",
        "i", "ins", "kbd", "li", "main", "map", "mark", "menu", "nav", "ol", "p", "picture", "pre", "q", "rp", "rt",
        "ruby", "s", "samp", "section", "small", "span", "strike", "strong", "sub", "summary", "sup", "table",
        "tbody", "td", "tfoot", "th", "thead", "time", "tr", "tt", "u", "ul", "var", "video",
    ]
    static let allowedVoidElementNames: [String] = ["area", "br", "col", "hr", "img", "source", "track", "wbr"]

    /// Dropped with their content. `noscript` is among them: its content is what a browser without
    /// scripts shows, but feeds use it for tracking pixels and "enable JavaScript" notices, and
    /// `title`, `textarea` and `select` carry no reading content in an article.
    static let rawTextDroppedNames = [
        "script", "style", "iframe", "noscript", "noembed", "noframes", "xmp", "textarea", "title", "plaintext",
    ]
    static let nestingDroppedNames = ["object", "applet", "frameset", "svg", "template", "select", "head"]
    static let droppedVoidNames = [
        "embed", "frame", "meta", "link", "base", "basefont", "param", "bgsound", "keygen", "input", "isindex",
    ]

    /// All element names the table knows; `ElementRule.allowed(id:)` indexes it.
    static let elementNames: [[UInt8]] = (allowedElementNames + allowedVoidElementNames).map { Array($0.utf8) }

    static let elementRules: [NameKey: ElementRule] = {
        var rules: [NameKey: ElementRule] = [:]
        for (id, name) in allowedElementNames.enumerated() { rules[NameKey(name)] = .allowed(id: id, isVoid: false) }
        for (offset, name) in allowedVoidElementNames.enumerated() {
            rules[NameKey(name)] = .allowed(id: allowedElementNames.count + offset, isVoid: true)
        }
        for name in rawTextDroppedNames { rules[NameKey(name)] = .dropped(rawText: true) }
        for name in nestingDroppedNames { rules[NameKey(name)] = .dropped(rawText: false) }
        for name in droppedVoidNames { rules[NameKey(name)] = .droppedVoid }
        return rules
    }()

    /// Attributes kept on allowed elements (after `acceptable_attributes`, narrowed to what the
    /// allowed elements use). No `on…` handler is on it; `style` is cleaned, URLs are checked.
    static let attributeRules: [NameKey: AttributeRule] = {
        let plain = [
            "abbr", "align", "alt", "axis", "bgcolor", "border", "cellpadding", "cellspacing", "char", "charoff",
            "class", "clear", "color", "cols", "colspan", "compact", "controls", "coords", "datetime", "dir",
            "face", "headers", "height", "hreflang", "hspace", "id", "kind", "label", "lang", "loop", "muted", "name",
            "noshade", "nowrap", "open", "preload", "rel", "rev", "reversed", "rows", "rowspan", "rules", "scope",
            "shape", "size", "sizes", "span", "srclang", "start", "summary", "title", "type", "valign", "value",
            "vspace", "width", "xml:lang", "media", "role",
        ]
        var rules: [NameKey: AttributeRule] = [:]
        for name in plain { rules[NameKey(name)] = .plain }
        for name in ["href", "src", "cite", "longdesc", "poster", "background", "lowsrc", "dynsrc", "action"] {
            rules[NameKey(name)] = .url
        }
        rules[NameKey("srcset")] = .srcset
        rules[NameKey("usemap")] = .usemap
        rules[NameKey("style")] = .style
        return rules
    }()

    /// URI schemes a link or image may use; everything else (`javascript:`, `vbscript:`,
    /// `data:`, `file:`, unknown schemes) loses the attribute.
    static let allowedSchemes: Set<String> = [
        "http", "https", "ftp", "ftps", "sftp", "mailto", "news", "nntp", "tel", "sms", "irc", "ircs", "xmpp",
        "sip", "sips", "magnet", "feed", "webcal", "gopher", "gemini", "geo", "urn", "git", "ssh", "rtsp", "mms",
    ]

    /// CSS properties kept in `style` (after `acceptable_css_properties`, plus box properties
    /// that cannot position content over the reader's own interface).
    static let allowedCSSProperties: Set<String> = {
        var names: Set<String> = [
            "azimuth", "background", "background-color", "border", "border-collapse", "border-color",
            "border-radius", "border-spacing", "border-style", "border-width", "clear", "color", "cursor",
            "direction", "display", "elevation", "float", "font", "font-family", "font-size", "font-stretch",
            "font-style", "font-variant", "font-weight", "height", "letter-spacing", "line-height",
            "list-style-type", "margin", "max-height", "max-width", "min-height", "min-width", "overflow",
            "overflow-wrap", "padding", "pause", "pause-after", "pause-before", "pitch", "pitch-range",
            "richness", "speak", "speak-header", "speak-numeral", "speak-punctuation", "speech-rate", "stress",
            "table-layout", "text-align", "text-decoration", "text-indent", "text-transform", "unicode-bidi",
            "vertical-align", "voice-family", "volume", "white-space", "width", "word-spacing", "word-wrap",
        ]
        for side in ["top", "right", "bottom", "left"] {
            names.insert("margin-\(side)")
            names.insert("padding-\(side)")
            names.insert("border-\(side)")
            for part in ["color", "style", "width"] { names.insert("border-\(side)-\(part)") }
        }
        return names
    }()
}
