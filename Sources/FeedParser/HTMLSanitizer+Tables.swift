import HTMLText
extension HTMLSanitizer {
    /// What the sanitiser does with an element, by name.
    enum ElementRule: UInt8 {
        /// Not known to be safe: the tag is removed, its content kept.
        case unwrapped = 0
        /// Kept with its allowed attributes.
        case allowed
        /// Kept; it has no content and no end tag.
        case allowedVoid
        /// Kept, and ended by a new element of the same name (`<p>a<p>b`, `<li>a<li>b`).
        case allowedClosingItself
        /// Removed with everything inside, up to its own end tag (`script`, `style`…).
        case droppedRawText
        /// Removed with everything inside; nested elements of the same name are counted.
        case droppedNesting
        /// A void element that is removed (`meta`, `link`, `embed`…).
        case droppedVoid
        /// `svg`: kept, and what it holds is read by the SVG allow-list until it ends.
        case enteringSVG
        /// `math`: kept, and what it holds is read by the MathML allow-list until it ends.
        case enteringMathML
        /// `iframe`, `object`, `embed`: a `video` or `audio` element when it plays a media file or
        /// a video or audio site's player (`HTMLSanitizer+Media.swift`); otherwise `embed` is
        /// dropped and the others unwrapped, their fallback kept.
        case embeddedMedia
        /// `input`, `textarea`, `select`: replaced by the text they show.
        case formControl
    }

    /// What the sanitiser does with an attribute of an allowed element, by name.
    enum AttributeRule: UInt8 {
        case dropped = 0
        case plain
        case url
        case srcset
        case usemap
        case style
        /// An SVG paint or reference (`fill`, `stroke`, `marker-end`…): a colour or keyword
        /// like a CSS value, or a reference to an element of the same document (`url(#id)`).
        case paint
    }

    /// An element or attribute name packed into two words, lower-cased: a cheap, allocation-free
    /// key. A name longer than 16 bytes has a key only when it is one of `longNames`, numbered
    /// (`isLong`); any other gets none, and is on no allow-list.
    struct NameKey: Equatable {
        var low: UInt64 = 0
        var high: UInt64 = 0

        init?(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
            guard range.count <= 16, !range.isEmpty else { return nil }
            var offset = 0
            for index in range {
                var byte = bytes[index]
                if byte &- UInt8(ascii: "A") < 26 { byte |= 0x20 }
                if offset < 8 {
                    low |= UInt64(byte) << (offset * 8)
                } else {
                    high |= UInt64(byte) << ((offset - 8) * 8)
                }
                offset += 1
            }
        }

        @inline(__always)
        static func == (left: NameKey, right: NameKey) -> Bool {
            left.low == right.low && left.high == right.high
        }

        init(low: UInt64, high: UInt64) {
            self.low = low
            self.high = high
        }

        /// The key of one of `longNames`: its number in `low` (1…), which no name's first byte can
        /// be (control bytes end a name), and a `high` word of 0xFF bytes.
        init(longName number: Int) {
            low = UInt64(number)
            high = .max
        }

        var isLong: Bool { high == .max && low < 0x20 }

        init(_ name: String) {
            if name.utf8.count > 16, let number = HTMLSanitizer.longNames.firstIndex(of: name) {
                self.init(longName: number + 1)
                return
            }
            var bytes = Array(name.utf8)
            self = bytes.withUnsafeMutableBufferPointer { NameKey(UnsafeBufferPointer($0), 0..<$0.count)! }
        }

        /// The key of `name` as written, for case-sensitive names (character references).
        init(preservingCase name: String) {
            for (offset, byte) in name.utf8.prefix(16).enumerated() {
                if offset < 8 { low |= UInt64(byte) << (offset * 8) } else { high |= UInt64(byte) << ((offset - 8) * 8) }
            }
        }

        /// Appends the name's bytes.
        func append(to out: inout [UInt8]) {
            var word = low
            while word != 0 {
                out.append(UInt8(truncatingIfNeeded: word))
                word >>= 8
            }
            word = high
            while word != 0 {
                out.append(UInt8(truncatingIfNeeded: word))
                word >>= 8
            }
        }
    }

    /// A fixed open-addressing table from names to one-byte rules, built once and never freed.
    ///
    /// The sanitiser looks a name up for every tag and attribute; a `Dictionary` spent most of
    /// its time in SipHash and reference counting. Here a lookup is a multiply, a shift and one
    /// or two comparisons, with no reference counting (the storage is raw memory).
    struct NameTable: @unchecked Sendable {  // Immutable after `init`.
        private let keys: UnsafeMutablePointer<NameKey>
        private let values: UnsafeMutablePointer<UInt8>
        private let mask: Int

        /// `sparseness` is slots per entry: more slots, shorter probes, more memory.
        init(_ entries: [(String, UInt8)], sparseness: Int = 4, preservesCase: Bool = false) {
            var capacity = 16
            while capacity < entries.count * sparseness { capacity *= 2 }
            mask = capacity - 1
            keys = .allocate(capacity: capacity)
            keys.initialize(repeating: NameKey(low: 0, high: 0), count: capacity)
            values = .allocate(capacity: capacity)
            values.initialize(repeating: 0, count: capacity)
            for (name, value) in entries {
                let key = preservesCase ? NameKey(preservingCase: name) : NameKey(name)
                var slot = slotFor(key)
                while values[slot] != 0, keys[slot] != key { slot = (slot + 1) & mask }
                keys[slot] = key
                values[slot] = value
            }
        }

        private func slotFor(_ key: NameKey) -> Int {
            let mixed = (key.low &* 0x9E37_79B9_7F4A_7C15) ^ (key.high &* 0xC2B2_AE3D_27D4_EB4F)
            return Int(truncatingIfNeeded: mixed >> 40) & mask
        }

        /// The value stored for `key`, or 0. Inlined: it runs for every tag, attribute and named
        /// reference, and the call cost as much as the probe.
        @inline(__always)
        func value(for key: NameKey) -> UInt8 {
            var slot = slotFor(key)
            while true {
                let value = values[slot]
                if value == 0 || keys[slot] == key { return value }
                slot = (slot + 1) & mask
            }
        }
    }

    /// Elements kept: Universal Feed Parser's `acceptable_elements` (its published HTML
    /// sanitisation list) and HTML5's semantic elements, minus what acts or cannot run here:
    /// forms and their controls (`form`, `button`, `option`, `keygen`… are unwrapped; `input`,
    /// `select` and `textarea` become the text they show), `noscript` (below), `canvas`
    /// (unwrapped: its fallback content is what a reader without scripts shows), and `dialog`,
    /// `event-source`, `sound`, `command`, `datagrid`, `nextid`, `spacer` (overlays, loaders and
    /// obsolete drafts). `video` and `audio` are kept, with their sources and tracks: the article
    /// view shows them as numbered links to open in a player.
    static let allowedElementNames: [String] = [
        "a", "abbr", "acronym", "address", "article", "aside", "b", "bdi", "bdo", "big", "blockquote",
        "caption", "center", "cite", "code", "colgroup", "data", "dd", "del", "details", "dfn", "dir", "div", "dl",
        "dt", "em", "fieldset", "figcaption", "figure", "font", "footer", "h1", "h2", "h3", "h4", "h5", "h6",
        "header", "hgroup", "i", "ins", "kbd", "label", "legend", "li", "m", "main", "map", "mark", "menu", "meter",
        "multicol", "nav", "ol", "output", "p", "picture", "pre", "progress", "q", "rp", "rt", "ruby", "s", "samp",
        "section", "small", "span", "strike", "strong", "sub", "summary", "sup", "table", "tbody", "td", "tfoot",
        "th", "thead", "time", "tr", "tt", "u", "ul", "var", "video", "audio",
    ]
    /// `source` is kept only inside `picture`, `video` and `audio`, `track` only inside the last
    /// two: anywhere else they would be stray tags.
    static let allowedVoidElementNames: [String] = ["area", "br", "col", "hr", "img", "source", "track", "wbr"]

    /// Dropped with their content. `noscript` is among them: its content is what a browser without
    /// scripts shows, but feeds use it for tracking pixels and "enable JavaScript" notices.
    /// (`title` is unwrapped, as established feed libraries do: its text is usually the article's
    /// own title.)
    static let rawTextDroppedNames = ["script", "style", "noscript", "noframes", "xmp", "plaintext"]
    static let nestingDroppedNames = ["frameset", "template"]
    static let droppedVoidNames = ["frame", "meta", "link", "base", "basefont", "param", "bgsound", "keygen", "isindex"]
    static let embeddedMediaNames = ["iframe", "object", "embed"]
    static let formControlNames = ["input", "textarea", "select"]
    // `applet`, `noembed` and `canvas` are on no list: they are unwrapped, so their fallback
    // content (written for clients that cannot run them, like this one) is kept and sanitised like
    // any other, while their own tags go; so are `iframe` and `object` that play no media.

    static let sourceKey = NameKey("source")
    static let trackKey = NameKey("track")
    static let pictureKey = NameKey("picture")
    static let videoKey = NameKey("video")
    static let audioKey = NameKey("audio")
    static let embedKey = NameKey("embed")
    static let objectKey = NameKey("object")
    static let inputKey = NameKey("input")
    static let textareaKey = NameKey("textarea")
    static let srcKey = NameKey("src")
    static let dataKey = NameKey("data")
    static let typeKey = NameKey("type")
    static let titleKey = NameKey("title")
    static let valueKey = NameKey("value")
    static let placeholderKey = NameKey("placeholder")
    static let selectedKey = NameKey("selected")
    static let optionKey = NameKey("option")
    static let optgroupKey = NameKey("optgroup")
    static let selectKey = NameKey("select")

    static let elementTable: NameTable = {
        var entries: [(String, UInt8)] = []
        let closingItself: Set<String> = ["p", "li", "dt", "dd", "tr", "td", "th"]
        for name in allowedElementNames {
            entries.append((name, (closingItself.contains(name) ? ElementRule.allowedClosingItself : .allowed).rawValue))
        }
        for name in allowedVoidElementNames { entries.append((name, ElementRule.allowedVoid.rawValue)) }
        for name in rawTextDroppedNames { entries.append((name, ElementRule.droppedRawText.rawValue)) }
        for name in nestingDroppedNames { entries.append((name, ElementRule.droppedNesting.rawValue)) }
        for name in droppedVoidNames { entries.append((name, ElementRule.droppedVoid.rawValue)) }
        for name in embeddedMediaNames { entries.append((name, ElementRule.embeddedMedia.rawValue)) }
        for name in formControlNames { entries.append((name, ElementRule.formControl.rawValue)) }
        entries.append(("svg", ElementRule.enteringSVG.rawValue))
        entries.append(("math", ElementRule.enteringMathML.rawValue))
        return NameTable(entries)
    }()

    /// How a start tag ends an open element of its family, after the HTML parsing rules, reduced
    /// to the cases tag soup in feeds needs.
    struct ImplicitEndRule: Sendable {
        /// The elements whose start tag applies the rule.
        var openers: [NameKey]
        /// The open elements it ends.
        var family: [NameKey]
        /// Open elements that stop the search (a nested list protects its parent's `li`).
        var boundaries: [NameKey]
        /// When set, the search passes only through these (inline) elements: `<p>` ends an open
        /// `p` through `<b>` or `<a>`, but not through a `div`.
        var passesOnlyThrough: [NameKey]?
    }

    static let implicitEndRules: [ImplicitEndRule] = {
        func keys(_ names: String) -> [NameKey] { names.split(separator: " ").map { NameKey(String($0)) } }
        let inline = keys("a abbr acronym b bdi bdo big cite code data dfn em font i kbd mark q s samp small span strike strong sub sup time tt u var")
        return [
            ImplicitEndRule(openers: keys("li"), family: keys("li"), boundaries: keys("ul ol menu dir table"), passesOnlyThrough: nil),
            ImplicitEndRule(openers: keys("dt dd"), family: keys("dt dd"), boundaries: keys("dl table"), passesOnlyThrough: nil),
            ImplicitEndRule(openers: keys("tr"), family: keys("tr"), boundaries: keys("table thead tbody tfoot"), passesOnlyThrough: nil),
            ImplicitEndRule(openers: keys("td th"), family: keys("td th"), boundaries: keys("tr table"), passesOnlyThrough: nil),
            ImplicitEndRule(openers: keys("p"), family: keys("p"), boundaries: [], passesOnlyThrough: inline),
        ]
    }()

    /// The names of HTML character references that fit a `NameKey`, to recognise `&name;` in
    /// text without building a `String`.
    static let referenceNameTable = NameTable(
        CharacterReference.namedReferences.keys.filter { $0.utf8.count <= 16 }.map { ($0, 1) }, sparseness: 2, preservesCase: true)

    /// Attributes kept on allowed elements: Universal Feed Parser's `acceptable_attributes`
    /// (its published list) with HTML5's media and list attributes, minus those that load, link
    /// or act on the reader (`ping`, `data`, `datasrc`, `target`, `accesskey`, `tabindex`,
    /// `autofocus`, `contenteditable`, `draggable`…) and form controls' own. No `on…` handler is
    /// on it; `style` is cleaned, URLs are checked.
    static let attributeTable: NameTable = {
        let plain = [
            "abbr", "align", "alt", "axis", "balance", "bgcolor", "bgproperties", "border", "bordercolor",
            "bordercolordark", "bordercolorlight", "bottompadding", "cellpadding", "cellspacing", "ch", "char",
            "charoff", "charset", "choff", "class", "clear", "color", "cols", "colspan", "compact", "controls",
            "coords", "datetime", "default", "delay", "dir", "end", "face", "for", "frame", "galleryimg", "gutter",
            "headers", "height", "hidden", "high", "hreflang", "hspace", "id", "ismap", "kind", "label", "lang",
            "leftspacing", "loop", "loopcount", "loopend", "loopstart", "low", "max", "media", "min", "muted", "name",
            "nohref", "noshade", "nowrap", "open", "optimum", "point-size", "preload", "rel", "repeat-max",
            "repeat-min", "rev", "reversed", "rightspacing", "role", "rows", "rowspan", "rules", "scope", "shape",
            "size", "sizes", "span", "srclang", "start", "summary", "title", "toppadding", "type", "valign", "value",
            "volume", "vspace", "width", "wrap", "xml:lang",
        ]
        var entries = plain.map { ($0, AttributeRule.plain.rawValue) }
        for name in ["href", "src", "cite", "longdesc", "poster", "background", "lowsrc", "dynsrc", "action"] {
            entries.append((name, AttributeRule.url.rawValue))
        }
        entries.append(("srcset", AttributeRule.srcset.rawValue))
        entries.append(("usemap", AttributeRule.usemap.rawValue))
        entries.append(("style", AttributeRule.style.rawValue))
        return NameTable(entries)
    }()

    /// URI schemes a link or image may use; everything else (`javascript:`, `vbscript:`,
    /// `data:`, `file:`, unknown schemes) loses the attribute.
    static let allowedSchemes: Set<String> = [
        "http", "https", "ftp", "ftps", "sftp", "mailto", "news", "nntp", "tel", "sms", "irc", "ircs", "xmpp",
        "sip", "sips", "magnet", "feed", "webcal", "gopher", "gemini", "geo", "urn", "git", "ssh", "rtsp", "mms",
    ]

    static let schemeTable = NameTable(allowedSchemes.map { ($0, 1) })

    /// True when `scheme` (any case) is on `allowedSchemes`.
    static func isAllowedScheme<Bytes: Collection<UInt8>>(_ scheme: Bytes) -> Bool {
        guard scheme.count <= 16 else { return false }
        var low: UInt64 = 0
        var high: UInt64 = 0
        for (offset, var byte) in scheme.enumerated() {
            if byte &- UInt8(ascii: "A") < 26 { byte |= 0x20 }
            if offset < 8 { low |= UInt64(byte) << (offset * 8) } else { high |= UInt64(byte) << ((offset - 8) * 8) }
        }
        return schemeTable.value(for: NameKey(low: low, high: high)) != 0
    }

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
