import HTMLText
extension HTMLSanitizer {
    /// Inline SVG and MathML (charts and formulas in articles), read by their own allow-lists:
    /// the SVG Tiny and MathML sets of Universal Feed Parser's published sanitisation lists.
    ///
    /// What can act is left out: `script` and `style` (dropped with their content, as in HTML),
    /// event handlers, the animation elements (`animate`, `set`… can rewrite a link's `href` to
    /// `javascript:` after sanitising), `foreignObject` and MathML's `annotation-xml` (both switch
    /// back to HTML inside a foreign element, the classic way round a sanitiser; dropped with their
    /// content), `xml:base`, and any `url(…)` in a paint attribute other than a reference to an
    /// element of the same document (`url(#gradient)`). Links (`href`, `xlink:href`) are checked
    /// like HTML links. HTML elements inside SVG or MathML are unwrapped, so the output never
    /// leaves foreign content before its end tag does.
    enum ForeignContent {
        case svg
        case mathML
    }

    static let svgElementTable: NameTable = {
        let allowed = [
            "a", "circle", "clipPath", "defs", "desc", "ellipse", "font-face", "font-face-name", "font-face-src", "g",
            "glyph", "hkern", "line", "linearGradient", "marker", "metadata", "missing-glyph", "mpath", "path",
            "polygon", "polyline", "radialGradient", "rect", "stop", "svg", "switch", "symbol", "text", "title",
            "tspan", "use",
        ]
        let dropped = ["foreignObject", "animate", "animateColor", "animateMotion", "animateTransform", "set"]
        return NameTable(allowed.map { ($0, ElementRule.allowed.rawValue) } + dropped.map { ($0, ElementRule.droppedNesting.rawValue) })
    }()

    static let svgAttributeTable: NameTable = {
        let plain = longNames + [
            "accent-height", "alphabetic", "arabic-form", "ascent", "baseProfile", "bbox", "cap-height", "class",
            "clipPathUnits", "color-rendering", "cx", "cy", "d", "descent", "display", "dx", "dy", "fill-opacity",
            "fill-rule", "font-family", "font-size", "font-stretch", "font-style", "font-variant", "font-weight", "fx",
            "fy", "g1", "g2", "glyph-name", "gradientUnits", "hanging", "height", "horiz-adv-x",
            "horiz-origin-x", "id", "ideographic", "k", "lang", "markerHeight", "markerUnits", "markerWidth",
            "mathematical", "name", "offset", "opacity", "orient", "origin", "panose-1", "path",
            "pathLength", "points", "r", "refX", "refY", "requiredFeatures", "rotate", "rx", "ry", "slope", "stemh",
            "stemv", "stop-color", "stop-opacity", "stroke-dasharray", "stroke-linecap", "stroke-linejoin",
            "stroke-opacity", "stroke-width", "systemLanguage", "text-anchor", "transform", "type", "u1", "u2",
            "unicode", "unicode-range", "units-per-em", "version", "viewBox", "visibility", "width", "widths", "x",
            "x-height", "x1", "x2", "xlink:actuate", "xlink:arcrole", "xlink:role", "xlink:show", "xlink:title",
            "xlink:type", "xml:lang", "xml:space", "xmlns", "xmlns:xlink", "y", "y1", "y2", "zoomAndPan",
        ]
        let paint = ["fill", "stroke", "color", "marker-start", "marker-mid", "marker-end", "clip-path", "mask"]
        return NameTable(
            plain.map { ($0, AttributeRule.plain.rawValue) } + paint.map { ($0, AttributeRule.paint.rawValue) }
                + [("href", AttributeRule.url.rawValue), ("xlink:href", AttributeRule.url.rawValue),
                   ("style", AttributeRule.style.rawValue)])
    }()

    static let mathMLElementTable: NameTable = {
        let allowed = [
            "annotation", "maction", "maligngroup", "malignmark", "math", "menclose", "merror", "mfenced", "mfrac",
            "mglyph", "mi", "mlabeledtr", "mlongdiv", "mmultiscripts", "mn", "mo", "mover", "mpadded", "mphantom",
            "mprescripts", "mroot", "mrow", "ms", "mscarries", "mscarry", "msgroup", "msline", "mspace", "msqrt",
            "msrow", "mstack", "mstyle", "msub", "msubsup", "msup", "mtable", "mtd", "mtext", "mtr", "munder",
            "munderover", "none", "semantics",
        ]
        return NameTable(allowed.map { ($0, ElementRule.allowed.rawValue) } + [("annotation-xml", ElementRule.droppedNesting.rawValue)])
    }()

    static let mathMLAttributeTable: NameTable = {
        let plain = [
            "accent", "accentunder", "actiontype", "align", "alignmentscope", "altimg-height", "altimg-valign",
            "altimg-width", "alttext", "bevelled", "charalign", "close", "columnalign", "columnlines", "columnspacing",
            "columnspan", "columnwidth", "crossout", "decimalpoint", "denomalign", "depth", "dir", "display",
            "displaystyle", "edge", "encoding", "equalcolumns", "equalrows", "fence", "fontstyle", "fontweight", "form",
            "frame", "framespacing", "groupalign", "height", "id", "indentalign", "indentalignfirst",
            "indentalignlast", "indentshift", "indentshiftfirst", "indentshiftlast", "indenttarget", "largeop",
            "length", "linebreak", "linebreakstyle", "lineleading", "linethickness", "location", "longdivstyle",
            "lquote", "lspace", "mathbackground", "mathcolor", "mathsize", "mathvariant", "maxsize",
            "minlabelspacing", "minsize", "movablelimits", "notation", "numalign", "open", "other", "overflow",
            "position", "rowalign", "rowlines", "rowspacing", "rowspan", "rquote", "rspace", "scriptlevel",
            "scriptminsize", "selection", "separator", "separators", "shift", "side", "stackalign", "stretchy",
            "subscriptshift", "superscriptshift", "symmetric", "voffset", "width", "xlink:show", "xlink:type", "xmlns",
            "xmlns:xlink",
        ]
        let urls = ["href", "xlink:href", "src", "altimg"]
        return NameTable(plain.map { ($0, AttributeRule.plain.rawValue) } + urls.map { ($0, AttributeRule.url.rawValue) }
            + [("style", AttributeRule.style.rawValue)])
    }()

    /// SVG's mixed-case names (`viewBox`, `linearGradient`), by their lower-cased key: numbers
    /// into `mixedCaseSpellings`, counted from 1. The sanitiser reads names case-blind and writes
    /// these as SVG spells them, as HTML parsers and established feed libraries do.
    static let mixedCaseSpellingTable = NameTable(mixedCaseSpellings.enumerated().map { ($1, UInt8($0 + 1)) })

    static let mixedCaseSpellings: [String] = [
        "baseProfile", "clipPath", "clipPathUnits", "foreignObject", "gradientUnits",
        "linearGradient", "markerHeight", "markerUnits", "markerWidth", "pathLength", "radialGradient", "refX",
        "refY", "requiredFeatures", "systemLanguage", "viewBox", "zoomAndPan",
    ]

    /// The SVG attributes of Universal Feed Parser's list whose names are longer than the 16 bytes
    /// a `NameKey` packs, spelt as SVG spells them. Dropped for it, `preserveAspectRatio` made
    /// drawings stretch.
    static let longNames = [
        "preserveAspectRatio", "requiredExtensions", "stroke-dashoffset", "stroke-miterlimit", "overline-position",
        "overline-thickness", "strikethrough-position", "strikethrough-thickness", "underline-position",
        "underline-thickness",
    ]

    /// The key of the name at `range` when it is one of `longNames`, in any letter case.
    static func longNameKey(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> NameKey? {
        for (index, name) in longNames.enumerated() where name.utf8.count == range.count {
            let matches = zip(name.utf8, range).allSatisfy { expected, position in
                let byte = bytes[position]
                return (byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte) == (expected &- UInt8(ascii: "A") < 26 ? expected | 0x20 : expected)
            }
            if matches { return NameKey(longName: index + 1) }
        }
        return nil
    }

    /// Appends the name of `key` as it is written out: SVG's mixed-case spelling where it has
    /// one, else the lower-case name.
    static func appendName(_ key: NameKey, to out: inout [UInt8]) {
        if key.isLong { return out.append(contentsOf: longNames[Int(key.low) - 1].utf8) }
        let number = mixedCaseSpellingTable.value(for: key)
        guard number != 0 else { return key.append(to: &out) }
        out.append(contentsOf: mixedCaseSpellings[Int(number) - 1].utf8)
    }

    /// A paint attribute's value (already entity-decoded) when it is safe: a plain CSS value
    /// (`red`, `#fff`, `rgb(1, 2, 3)`, `none`) or a reference within the document (`url(#id)`).
    static func cleanPaint(_ value: [UInt8]) -> [UInt8]? {
        if isSafeCSSValue(value[...]) { return value }
        var bytes = value[...]
        while let first = bytes.first, first <= 0x20 { bytes = bytes.dropFirst() }
        while let last = bytes.last, last <= 0x20 { bytes = bytes.dropLast() }
        let prefix = Array("url(#".utf8)
        // Only letters fold to lower case: `| 0x20` on every byte read the control byte 0x03 as `#`
        // (found by fuzz-sanitizer: `url(\u{3}p)` was kept, a URL once the control byte went).
        guard bytes.count > prefix.count + 1,
              bytes.prefix(prefix.count).map({ $0 &- UInt8(ascii: "A") < 26 ? $0 | 0x20 : $0 }) == prefix,
              bytes.last == UInt8(ascii: ")")
        else { return nil }
        let identifier = bytes.dropFirst(prefix.count).dropLast()
        let isPlainIdentifier = identifier.allSatisfy {
            CharacterReference.isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".")
        }
        return isPlainIdentifier ? value : nil
    }
}
