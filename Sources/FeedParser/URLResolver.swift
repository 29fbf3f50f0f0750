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
        let parsed = Components(cleaned)
        if parsed.scheme != nil { return cleaned }
        guard let base, case let baseParts = Components(cleanReference(base)), baseParts.scheme != nil else {
            return nil
        }
        return String(decoding: baseParts.resolvedBytes(parsed), as: UTF8.self)
    }

    /// True when `text` starts with a URI scheme (`http:`, `mailto:`…), that is, is absolute.
    public static func hasScheme(_ text: String) -> Bool {
        Components(text).scheme != nil
    }

    /// Trims white space and control characters at both ends, drops tabs and line breaks inside,
    /// and percent-encodes the remaining spaces and control characters.
    static func cleanReference(_ reference: String) -> String {
        let bytes = Array(reference.utf8)
        let cleaned = cleanReference(bytes: bytes)
        return cleaned == bytes ? reference : String(decoding: cleaned, as: UTF8.self)
    }

    /// `cleanReference` on UTF-8 bytes.
    static func cleanReference(bytes: [UInt8]) -> [UInt8] {
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
            return start == 0 && end == bytes.count ? bytes : Array(bytes[start..<end])
        }
        var out = [UInt8]()
        out.reserveCapacity(end - start + 8)
        let hex: StaticString = "0123456789ABCDEF"
        for byte in bytes[start..<end] {
            switch byte {
            case 0x09, 0x0A, 0x0D:
                continue
            case 0x00...0x20, 0x7F:
                out.append(UInt8(ascii: "%"))
                out.append(hex.utf8Start[Int(byte >> 4)])
                out.append(hex.utf8Start[Int(byte & 0x0F)])
            default:
                out.append(byte)
            }
        }
        return out
    }

    /// A base URL parsed once, for resolving many references against it (the sanitiser resolves
    /// every link of a document against the same base); nil when it has no scheme.
    static func parsedBase(_ base: String) -> Components? {
        let parts = Components(bytes: cleanReference(bytes: Array(base.utf8)))
        return parts.scheme == nil ? nil : parts
    }
}
