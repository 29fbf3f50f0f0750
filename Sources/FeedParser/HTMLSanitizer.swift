import Foundation

/// Reduces feed HTML to an allow-list of safe elements and attributes, the way established feed
/// libraries do, in one linear pass over the UTF-8 bytes.
///
/// - Known-safe formatting, structure, list, table and media elements (`img`, `picture`,
///   `video`, `audio` with their `source` and `track`) are kept with their safe attributes
///   (`HTMLSanitizer+Tables.swift` holds the lists); SVG and MathML through allow-lists of
///   their own.
/// - An `iframe`, `object` or `embed` that plays a media file or a video or audio site's player
///   becomes a `video` or `audio` element (`HTMLSanitizer+Media.swift`); `input`, `textarea` and
///   `select` become the text they show.
/// - `script`, `style`, `noscript`, `noframes`, `xmp`, `frameset`, `template` and `head` are
///   dropped with their content; `embed`, `frame`, `meta`, `link`, `base`, `param` are dropped.
/// - Any other element is unwrapped: the tag goes, its text stays (`iframe`, `object`, `applet`
///   keep their fallback content so). Comments, doctypes and processing instructions go (a `<!`
///   that only looks like one is text); CDATA sections become escaped text.
/// - Event handlers and unknown attributes go. `style` keeps only allow-listed properties whose
///   values cannot load or run anything (no `url()`, `expression()`, escapes or comments).
/// - URL attributes (`href`, `src`, `cite`, `longdesc`, `poster`, `background`, `action`, `srcset`
///   entries…) are decoded, checked against a scheme allow-list — so `javascript:`, `vbscript:`
///   and `data:` go however they are disguised with entities, case or control characters — and
///   resolved against `baseURL`.
/// - The output is balanced: end tags without a start are dropped, unclosed elements are closed
///   in order, text `<`, `>`, `&` are escaped, attribute values are double-quoted and escaped,
///   control characters are removed. Nesting deeper than 256 elements is unwrapped.
///
/// HTML that is already clean comes back unchanged (the same string): the pass copies nothing
/// until it meets the first byte it must change.
public enum HTMLSanitizer {
    /// Deepest nesting of kept elements; deeper tags are unwrapped so hostile input stays linear.
    static let maximumDepth = 256

    /// Attributes read per tag; later ones are ignored (no real tag comes near it).
    static let maximumAttributes = 64

    /// Returns `html` reduced to an allow-list of safe elements and attributes, with relative URLs
    /// resolved against `baseURL`.
    ///
    /// ```swift
    /// HTMLSanitizer.sanitize(#"<p onclick="x()">Hi <a href="/a">there</a><script>evil()</script>"#,
    ///                        baseURL: URL(string: "https://example.org/"))
    /// // <p>Hi <a href="https://example.org/a">there</a></p>
    /// ```
    public static func sanitize(_ html: String, baseURL: URL?) -> String {
        sanitize(html, base: baseURL?.absoluteString)
    }

    /// The same, with the base given as text. Prefer it to a `URL` for a base that came from a
    /// feed: `URL` on Linux rewrites non-ASCII hosts to punycode, and links resolved against
    /// text keep the IRI as the feed wrote it.
    public static func sanitize(_ html: String, base: String?) -> String {
        sanitize(html, base: base, paths: .fast)
    }

    /// The same, with the fast paths or without (`ParsePaths`).
    package static func sanitize(_ html: String, base: String?, paths: ParsePaths) -> String {
        var bytes = html
        return bytes.withUTF8 { sanitized($0, source: html, baseText: base, parsedBase: nil, paths: paths)?.string } ?? html
    }

    /// The same, for text the caller holds as UTF-8 bytes (the XML parser's field buffer): saves
    /// making a `String` that would only be read once. Invalid UTF-8 is repaired with U+FFFD.
    public static func sanitize(utf8 bytes: UnsafeBufferPointer<UInt8>, baseURL: URL?) -> String {
        sanitize(utf8: bytes, baseURL: baseURL, paths: .fast)
    }

    /// The same, with the fast paths or without (`ParsePaths`).
    package static func sanitize(utf8 bytes: UnsafeBufferPointer<UInt8>, baseURL: URL?, paths: ParsePaths) -> String {
        sanitized(bytes, source: nil, baseText: baseURL?.absoluteString, parsedBase: nil, paths: paths)?.string
            ?? ValidatedUTF8.string(bytes, paths: paths)
    }

    /// The same, against a base parsed once for the whole document, in a caller's workspace;
    /// with the verdict of the output's UTF-8 validation on double encoding, for
    /// `MojibakeRepair` (the input's own when it is already clean).
    static func sanitize(
        utf8 bytes: UnsafeBufferPointer<UInt8>, base: URLResolver.Base?, workspace: inout Workspace, paths: ParsePaths
    ) -> ValidatedUTF8.Text {
        sanitized(bytes, source: nil, baseText: base?.text, parsedBase: .some(base), workspace: &workspace, paths: paths)
            ?? ValidatedUTF8.text(bytes, paths: paths)
    }

    /// The same for a `String`, against a base parsed once for the whole document.
    static func sanitize(_ html: String, base: URLResolver.Base?, paths: ParsePaths) -> String {
        var bytes = html
        return bytes.withUTF8 {
            sanitized($0, source: html, baseText: base?.text, parsedBase: .some(base), paths: paths)?.string
        } ?? html
    }

    /// The sanitised text with its verdict on double encoding, or nil when `bytes` are already
    /// clean. `source`, when given, is the same text as a `String`. `parsedBase`, when not nil,
    /// is `baseText` already parsed.
    static func sanitized(
        _ bytes: UnsafeBufferPointer<UInt8>, source: String?, baseText: String?, parsedBase: URLResolver.Base??,
        paths: ParsePaths
    ) -> ValidatedUTF8.Text? {
        var workspace = Workspace()
        return sanitized(bytes, source: source, baseText: baseText, parsedBase: parsedBase, workspace: &workspace, paths: paths)
    }

    /// The same, with the scratch arrays of `workspace`.
    static func sanitized(
        _ bytes: UnsafeBufferPointer<UInt8>, source: String?, baseText: String?, parsedBase: URLResolver.Base??,
        workspace: inout Workspace, paths: ParsePaths
    ) -> ValidatedUTF8.Text? {
        guard !bytes.isEmpty else { return nil }
        var pass = SanitizingPass(input: bytes, source: source, baseText: baseText, parsedBase: parsedBase, workspace: &workspace,
                                  paths: paths)
        let result = pass.run()
        pass.returnWorkspace(to: &workspace)
        return result
    }

    /// Escapes plain text (Atom `type="text"`) into HTML.
    ///
    /// `&`, `<` and `>` are escaped and control characters removed. Line breaks stay
    /// meaningful: a blank line separates paragraphs (`<p>…</p>`) and a single line break becomes
    /// `<br>`, so that a plain-text summary keeps the shape its author gave it. Text without line
    /// breaks is escaped only, without a wrapping `<p>`.
    ///
    /// ```swift
    /// HTMLSanitizer.html(fromText: "a < b\n\nc")   // "<p>a &lt; b</p><p>c</p>"
    /// ```
    public static func html(fromText text: String) -> String {
        html(fromText: text, paths: .fast)
    }

    /// The same, with the fast paths or without (`ParsePaths`).
    package static func html(fromText text: String, paths: ParsePaths) -> String {
        var text = text
        return text.withUTF8 { bytes -> String in
            var start = 0
            var end = bytes.count
            while start < end, bytes[start] <= 0x20 { start += 1 }
            while end > start, bytes[end - 1] <= 0x20 { end -= 1 }
            // Split into paragraphs at blank lines; lines inside a paragraph join with <br>.
            var paragraphs: [[Range<Int>]] = [[]]
            var lineStart = start
            var index = start
            while index <= end {
                if index == end || bytes[index] == 0x0A {
                    var lineEnd = index
                    if lineEnd > lineStart, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                    var isBlank = true
                    for position in lineStart..<lineEnd where bytes[position] > 0x20 {
                        isBlank = false
                        break
                    }
                    if isBlank {
                        if !paragraphs[paragraphs.count - 1].isEmpty { paragraphs.append([]) }
                    } else {
                        paragraphs[paragraphs.count - 1].append(lineStart..<lineEnd)
                    }
                    lineStart = index + 1
                }
                index += 1
            }
            paragraphs.removeAll { $0.isEmpty }
            var out = [UInt8]()
            out.reserveCapacity(end - start + 16)
            let wrap = paragraphs.count > 1 || (paragraphs.first?.count ?? 0) > 1
            for paragraph in paragraphs {
                if wrap { out.append(contentsOf: Array("<p>".utf8)) }
                for (number, line) in paragraph.enumerated() {
                    if number > 0 { out.append(contentsOf: Array("<br>".utf8)) }
                    appendEscapedText(UnsafeBufferPointer(rebasing: bytes[line]), to: &out, escapingQuotes: false, paths: paths)
                }
                if wrap { out.append(contentsOf: Array("</p>".utf8)) }
            }
            return ValidatedUTF8.string(out, paths: paths)
        }
    }

    /// Appends `bytes` escaped for HTML text (or a double-quoted attribute value), without
    /// control characters other than tab, line feed and carriage return. Runs that need nothing
    /// are appended whole.
    static func appendEscapedText(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], escapingQuotes: Bool,
                                  paths: ParsePaths) {
        // Most values (a tag's URLs and alt texts, rewritten) need nothing: that is settled eight
        // bytes at a time, where the loop below mispredicted its switch every few bytes.
        if paths.isFast, !mayNeedEscaping(bytes, escapingQuotes: escapingQuotes) {
            out.append(contentsOf: bytes)
            return
        }
        var runStart = 0
        for index in 0..<bytes.count {
            let byte = bytes[index]
            let replacement: StaticString?
            switch byte {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\"") where escapingQuotes: replacement = "&quot;"
            case 0x09, 0x0A, 0x0D: continue
            case 0x00...0x1F, 0x7F: replacement = nil  // dropped
            default: continue
            }
            if index > runStart { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
            runStart = index + 1
            if let replacement {
                out.append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
            }
        }
        if runStart < bytes.count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...])) }
    }

    /// False when no byte is one that `appendEscapedText` escapes or drops. (Tab and line breaks,
    /// which it keeps, answer true: the loop then keeps them.)
    static func mayNeedEscaping(_ bytes: UnsafeBufferPointer<UInt8>, escapingQuotes: Bool) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        func wordMayNeedEscaping(_ word: UInt64) -> Bool {
            Tokenizer.mayNeedAttention(word) || (escapingQuotes && Tokenizer.quoteFlags(word) != 0)
        }
        guard count >= 8 else {
            return bytes.contains { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<")
                || $0 == UInt8(ascii: ">") || (escapingQuotes && $0 == UInt8(ascii: "\"")) }
        }
        var index = 0
        while index + 8 <= count {
            if wordMayNeedEscaping(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) { return true }
            index += 8
        }
        // The last eight bytes, overlapping those already read.
        return index < count && wordMayNeedEscaping(raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
    }
}
