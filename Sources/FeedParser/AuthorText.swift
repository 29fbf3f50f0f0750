import Foundation

/// Splits the free-form author strings of RSS (`me@example.com (Me Name)`, `Me Name <me@example.com>`)
/// into a name and an e-mail address, the way established feed libraries read them.
struct AuthorText: Equatable {
    var name: String?
    var email: String?

    init(name: String?, email: String?) {
        self.name = name
        self.email = email
    }

    init(parsing text: String) {
        // Searched in the contiguous bytes: `utf8.contains` walked a generic iterator.
        var text = text
        guard text.withUTF8({ $0.contains(UInt8(ascii: "@")) }) else {
            name = text.isEmpty ? nil : text
            email = nil
            return
        }
        let scalars = Array(text.unicodeScalars)
        guard let at = scalars.firstIndex(of: "@") else {
            name = text.isEmpty ? nil : text
            email = nil
            return
        }
        var start = at
        while start > 0, Self.isLocalPart(scalars[start - 1]) { start -= 1 }
        var end = at + 1
        while end < scalars.count, Self.isDomainPart(scalars[end]) { end += 1 }
        while end > at + 1, scalars[end - 1] == "." || scalars[end - 1] == "-" { end -= 1 }
        let domain = String(String.UnicodeScalarView(scalars[(at + 1)..<end]))
        guard start < at, domain.contains(".") else {
            name = text.isEmpty ? nil : text
            email = nil
            return
        }
        var address = String(String.UnicodeScalarView(scalars[start..<end]))
        var rest = String(String.UnicodeScalarView(scalars[..<start])) + String(String.UnicodeScalarView(scalars[end...]))
        if rest.hasSuffix("mailto:") { rest.removeLast("mailto:".count) }
        if address.hasPrefix("mailto:") { address.removeFirst("mailto:".count) }
        rest = rest.replacingAll("mailto:", with: "").replacingAll("()", with: "").replacingAll("<>", with: "")
        rest = rest.trimmingSpaces()
        if rest.hasPrefix("(") { rest.removeFirst() }
        if rest.hasSuffix(")") { rest.removeLast() }
        rest = rest.trimmingSpaces()
        // An address taken from the middle (`Jane jane@example.org Doe`) leaves two spaces.
        if rest.contains("  ") { rest = rest.split(separator: " ").joined(separator: " ") }
        name = rest.isEmpty ? nil : rest
        email = address
    }

    /// The name, or the e-mail address when no name is given.
    var display: String? { name ?? email }

    private static func isLocalPart(_ c: Unicode.Scalar) -> Bool {
        c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || "_-.+".unicodeScalars.contains(c))
    }

    private static func isDomainPart(_ c: Unicode.Scalar) -> Bool {
        c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "-" || c == ".")
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard contains(target) else { return self }
        return components(separatedBy: target).joined(separator: replacement)
    }

    /// The string without leading and trailing white space (ASCII white space and U+00A0 included).
    func trimmingSpaces() -> String {
        // The ends are read from the contiguous bytes: `utf8.first` and `utf8.last` are generic
        // calls, and this runs for most fields of every item.
        var text = self
        let mayNeedTrimming = text.withUTF8 { bytes in
            guard let first = bytes.first, let last = bytes.last else { return false }
            if Self.isTrimmable(first) || Self.isTrimmable(last) || Self.mayLeadWhitespace(first) { return true }
            // The last scalar's lead byte: `café` or `über` end in a letter, not in white space.
            var lastLead = bytes.count - 1
            while lastLead > 0, bytes[lastLead] & 0xC0 == 0x80 { lastLead -= 1 }
            return Self.mayLeadWhitespace(bytes[lastLead])
        }
        guard mayNeedTrimming else { return self }
        var scalars = Substring(self).unicodeScalars
        while let scalar = scalars.first, scalar.properties.isWhitespace { scalars.removeFirst() }
        while let scalar = scalars.last, scalar.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }

    private static func isTrimmable(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C || byte == 0x0B
    }

    /// True for the lead bytes of Unicode's non-ASCII white space: U+0085 and U+00A0 (C2),
    /// U+1680 (E1), U+2000–U+205F (E2) and U+3000 (E3). Other scalars need no closer look.
    private static func mayLeadWhitespace(_ byte: UInt8) -> Bool {
        byte == 0xC2 || byte == 0xE1 || byte == 0xE2 || byte == 0xE3
    }
}
