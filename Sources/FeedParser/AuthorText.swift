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

    func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
