import HTMLText
extension HTMLSanitizer {
    /// A `style` value (already entity-decoded) reduced to allowed declarations; nil when none is
    /// left. When every declaration is allowed the value is returned as written, so clean HTML
    /// stays byte-for-byte the same.
    ///
    /// A declaration is kept when its property is allowed (`isAllowedCSSProperty`) and its value is plain
    /// ASCII without anything that can load or run: no parentheses except `rgb()`, `rgba()`,
    /// `hsl()`, `hsla()` (so no `url()`, `expression()`, `image-set()`), no backslash escapes, no
    /// comments, no `<`, `>`, `{`, `}`, `@`, `:`.
    ///
    /// Inside SVG (`inSVG`), SVG's painting properties (`fill`, `stroke`…) are allowed too.
    static func cleanStyle(_ value: [UInt8], inSVG: Bool = false) -> [UInt8]? {
        var kept: [(property: String, value: ArraySlice<UInt8>)] = []
        var keptEverything = true
        for declaration in value.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: true) {
            let trimmedDeclaration = trim(declaration)
            if trimmedDeclaration.isEmpty { continue }
            guard let colon = trimmedDeclaration.firstIndex(of: UInt8(ascii: ":")) else {
                keptEverything = false
                continue
            }
            let property = String(decoding: trim(trimmedDeclaration[..<colon]), as: UTF8.self).lowercased()
            let propertyValue = trim(trimmedDeclaration[(colon + 1)...])
            if !propertyValue.isEmpty, isAllowedCSSProperty(property) || (inSVG && allowedSVGProperties.contains(property)),
               isSafeCSSValue(propertyValue)
            {
                kept.append((property, propertyValue))
            } else {
                keptEverything = false
            }
        }
        if kept.isEmpty { return nil }
        if keptEverything { return value }
        var out: [UInt8] = []
        for (number, declaration) in kept.enumerated() {
            if number > 0 { out.append(contentsOf: [UInt8(ascii: ";"), 0x20]) }
            out.append(contentsOf: declaration.property.utf8)
            out.append(contentsOf: [UInt8(ascii: ":"), 0x20])
            out.append(contentsOf: declaration.value)
        }
        return out
    }

    /// On the allow-list, or one of the box and background families (`border-top-left-radius`,
    /// `background-repeat`…), whose values are checked like any other, named by a CSS
    /// identifier (letters, digits and hyphens: no `<` in a name that only starts well).
    static func isAllowedCSSProperty(_ property: String) -> Bool {
        if allowedCSSProperties.contains(property) { return true }
        return ["background-", "border-", "margin-", "padding-"].contains { property.hasPrefix($0) }
            && property.utf8.allSatisfy { CharacterReference.isAlphanumeric($0) || $0 == UInt8(ascii: "-") }
    }

    /// SVG's painting properties, allowed in `style` inside SVG (Universal Feed Parser's
    /// `acceptable_svg_properties`).
    static let allowedSVGProperties: Set<String> = [
        "fill", "fill-opacity", "fill-rule", "stroke", "stroke-linecap", "stroke-linejoin", "stroke-opacity",
        "stroke-width",
    ]

    private static func trim(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var bytes = bytes
        while let first = bytes.first, first <= 0x20 { bytes = bytes.dropFirst() }
        while let last = bytes.last, last <= 0x20 { bytes = bytes.dropLast() }
        return bytes
    }

    private static let colourFunctions: Set<String> = ["rgb", "rgba", "hsl", "hsla"]

    static func isSafeCSSValue(_ value: ArraySlice<UInt8>) -> Bool {
        var identifierStart = value.startIndex
        var previous: UInt8 = 0
        for index in value.indices {
            let byte = value[index]
            switch byte {
            case 0x80...0xFF, 0x00...0x08, 0x0A...0x1F, 0x7F:
                return false
            // A colon belongs to a scheme (`javascript:`), never to a value these properties take
            // (found by fuzz-sanitizer: `fill:javascript:` was kept).
            case UInt8(ascii: "\\"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "{"), UInt8(ascii: "}"),
                 UInt8(ascii: "@"), UInt8(ascii: "`"), UInt8(ascii: ":"):
                return false
            case UInt8(ascii: "*") where previous == UInt8(ascii: "/"):
                return false
            case UInt8(ascii: "("):
                let function = String(decoding: value[identifierStart..<index], as: UTF8.self).lowercased()
                guard colourFunctions.contains(function) else { return false }
            default:
                break
            }
            if !(CharacterReference.isAlphanumeric(byte) || byte == UInt8(ascii: "-")) { identifierStart = index + 1 }
            previous = byte
        }
        return true
    }
}
