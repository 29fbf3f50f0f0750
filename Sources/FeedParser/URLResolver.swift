import Foundation

/// Turns the links a feed writes (absolute, relative, protocol-relative) into absolute URLs.
///
/// Resolution follows RFC 3986 §5.2 by hand, because Foundation's `URL(string:relativeTo:)` on
/// Linux rejects references that browsers accept (spaces, non-ASCII characters) and rewrites
/// others. The rules:
/// - leading and trailing white space and control characters are trimmed; tabs and line breaks
///   inside are removed (as browsers do); other spaces and control characters inside are
///   percent-encoded, since a raw space cannot survive in a URL;
/// - an absolute reference (one with a scheme) is returned as written, apart from the above;
/// - non-ASCII characters (IRIs) are kept as written, not percent-encoded: they round-trip through
///   the store and the terminal unchanged, and browsers encode them when they follow the link;
/// - with no base, or a base without a scheme, a relative reference has no absolute form: nil.
public enum URLResolver {
    /// The absolute form of `reference` resolved against `base`; nil when no absolute URL results.
    ///
    /// ```swift
    /// URLResolver.resolve("../b?q#f", against: URL(string: "http://a/b/c/d"))  // "http://a/b?q#f"
    /// URLResolver.resolve("/x", against: nil)                                   // nil
    /// ```
    public static func resolve(_ reference: String, against base: URL?) -> String? {
        resolve(reference, againstBase: base?.absoluteString)
    }

    /// The same resolution against a base given as text, such as an `xml:base` attribute that is
    /// itself already absolute.
    public static func resolve(_ reference: String, againstBase base: String?) -> String? {
        let cleaned = cleanReference(reference)
        let parsed = URLComponentsRFC3986(cleaned)
        if parsed.scheme != nil { return cleaned }
        guard let base, case let baseParts = URLComponentsRFC3986(cleanReference(base)), baseParts.scheme != nil else {
            return nil
        }
        return baseParts.resolving(parsed).text
    }

    /// True when `text` starts with a URI scheme (`http:`, `mailto:`…), that is, is absolute.
    public static func hasScheme(_ text: String) -> Bool {
        URLComponentsRFC3986(text).scheme != nil
    }

    /// Trims white space and control characters at both ends, drops tabs and line breaks inside,
    /// and percent-encodes the remaining spaces and control characters.
    static func cleanReference(_ reference: String) -> String {
        let bytes = Array(reference.utf8)
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] <= 0x20 { start += 1 }
        while end > start, bytes[end - 1] <= 0x20 { end -= 1 }
        var needsWork = false
        for index in start..<end where bytes[index] <= 0x20 || bytes[index] == 0x7F {
            needsWork = true
            break
        }
        if !needsWork {
            return start == 0 && end == bytes.count ? reference : String(decoding: bytes[start..<end], as: UTF8.self)
        }
        var out = [UInt8]()
        out.reserveCapacity(end - start + 8)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in bytes[start..<end] {
            switch byte {
            case 0x09, 0x0A, 0x0D:
                continue
            case 0x00...0x20, 0x7F:
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            default:
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// A URI reference split into its five RFC 3986 components, as text.
struct URLComponentsRFC3986 {
    var scheme: Substring?
    var authority: Substring?
    var path: Substring
    var query: Substring?
    var fragment: Substring?

    init(_ text: String) {
        var rest = Substring(text)
        if let hash = rest.firstIndex(of: "#") {
            fragment = rest[rest.index(after: hash)...]
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: question)...]
            rest = rest[..<question]
        }
        if let colon = rest.firstIndex(of: ":"), Self.isScheme(rest[..<colon]) {
            scheme = rest[..<colon]
            rest = rest[rest.index(after: colon)...]
        }
        if rest.hasPrefix("//") {
            let afterSlashes = rest.index(rest.startIndex, offsetBy: 2)
            let slash = rest[afterSlashes...].firstIndex(of: "/") ?? rest.endIndex
            authority = rest[afterSlashes..<slash]
            rest = rest[slash...]
        }
        path = rest
    }

    private init(scheme: Substring?, authority: Substring?, path: Substring, query: Substring?, fragment: Substring?) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.utf8.first, (first | 0x20) &- UInt8(ascii: "a") < 26 else { return false }
        return text.utf8.allSatisfy { byte in
            (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
    }

    /// RFC 3986 §5.2.2, with `self` as the base.
    func resolving(_ reference: URLComponentsRFC3986) -> URLComponentsRFC3986 {
        if reference.scheme != nil {
            return URLComponentsRFC3986(
                scheme: reference.scheme, authority: reference.authority,
                path: Substring(Self.removingDotSegments(reference.path)), query: reference.query, fragment: reference.fragment)
        }
        if reference.authority != nil {
            return URLComponentsRFC3986(
                scheme: scheme, authority: reference.authority,
                path: Substring(Self.removingDotSegments(reference.path)), query: reference.query, fragment: reference.fragment)
        }
        if reference.path.isEmpty {
            return URLComponentsRFC3986(
                scheme: scheme, authority: authority, path: path, query: reference.query ?? query, fragment: reference.fragment)
        }
        let mergedPath: String
        if reference.path.hasPrefix("/") {
            mergedPath = Self.removingDotSegments(reference.path)
        } else if authority != nil && path.isEmpty {
            mergedPath = Self.removingDotSegments("/" + reference.path)
        } else {
            let directory = path.lastIndex(of: "/").map { path[...$0] } ?? ""
            mergedPath = Self.removingDotSegments(directory + reference.path)
        }
        return URLComponentsRFC3986(
            scheme: scheme, authority: authority, path: Substring(mergedPath), query: reference.query, fragment: reference.fragment)
    }

    /// RFC 3986 §5.2.4.
    static func removingDotSegments(_ path: Substring) -> String {
        guard path.contains(".") else { return String(path) }
        var output: [Substring] = []
        var input = path
        while !input.isEmpty {
            if input.hasPrefix("../") {
                input = input.dropFirst(3)
            } else if input.hasPrefix("./") {
                input = input.dropFirst(2)
            } else if input.hasPrefix("/./") {
                input = input.dropFirst(2)
            } else if input == "/." {
                input = "/"
            } else if input.hasPrefix("/../") {
                input = input.dropFirst(3)
                if !output.isEmpty { output.removeLast() }
            } else if input == "/.." {
                input = "/"
                if !output.isEmpty { output.removeLast() }
            } else if input == "." || input == ".." {
                input = ""
            } else {
                // Move the first segment (with its leading slash, if any) to the output.
                let searchStart = input.hasPrefix("/") ? input.index(after: input.startIndex) : input.startIndex
                let end = input[searchStart...].firstIndex(of: "/") ?? input.endIndex
                output.append(input[..<end])
                input = input[end...]
            }
        }
        return output.joined()
    }

    var text: String {
        var result = ""
        if let scheme { result += scheme + ":" }
        if let authority { result += "//" + authority }
        result += path
        if let query { result += "?" + query }
        if let fragment { result += "#" + fragment }
        return result
    }
}
