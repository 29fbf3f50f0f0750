/// What sanitised HTML must look like, checked independently of how the sanitiser works:
///
/// - every `<` opens a tag written `<name attr="value"…>` (text `<` and `>` are escaped), and
///   no tag names an element that can run or load anything by itself (`script`, `iframe`,
///   `object`…; `video` and `audio` stay, their addresses checked as every URL is), nor
///   one that switches SVG or MathML back to HTML (`foreignObject`, `annotation-xml`) or
///   animates attributes (`animate`, `set`…);
/// - attribute values are double-quoted, with `&` only in `&amp;`, `&lt;`, `&gt;`, `&quot;`;
/// - no event-handler attribute (`on…`); no URL attribute whose value, with white space and
///   control characters removed, starts with `javascript:`, `vbscript:` or `data:`; no `style`
///   that can load or run something; no `url(` in an SVG paint attribute but a reference within
///   the document (`url(#id)`); no `xml:base`;
/// - elements are balanced and nested no deeper than the sanitiser's 256;
/// - the output grows at most linearly with the input;
/// - no control characters other than tab, line feed and carriage return.
public enum SanitizedHTMLCheck {
    static let forbiddenElements: Set<String> = [
        "script", "style", "iframe", "object", "embed", "applet", "frame", "frameset", "meta", "link", "base",
        "noscript", "noembed", "noframes", "xmp", "textarea", "template", "select", "param", "input",
        "form", "button", "plaintext", "canvas", "foreignobject", "annotation-xml",
        "animate", "animatecolor", "animatemotion", "animatetransform", "set",
    ]
    static let voidElements: Set<String> = ["area", "br", "col", "hr", "img", "source", "track", "wbr"]
    static let urlAttributes: Set<String> = [
        "href", "src", "cite", "longdesc", "poster", "background", "action", "formaction", "data", "codebase",
        "usemap", "lowsrc", "dynsrc", "xlink:href", "altimg", "manifest", "icon", "profile", "classid", "archive",
    ]
    /// SVG attributes whose value may be `url(…)`, which loads what it names unless it is `#id`.
    static let paintAttributes: Set<String> = [
        "fill", "stroke", "marker-start", "marker-mid", "marker-end", "clip-path", "mask", "filter", "cursor", "style",
    ]
    static let forbiddenSchemes = ["javascript:", "vbscript:", "data:"]
    static let forbiddenInStyle = ["url(", "expression", "\\", "/*", "javascript:", "vbscript:", "@import", "behavior", "-moz-binding", "<", ">"]
    static let maximumDepth = 256

    /// The first broken promise in `html`, or nil.
    public static func violation(in html: String, inputByteCount: Int) -> String? {
        let bytes = Array(html.utf8)
        if bytes.count > 16 * inputByteCount + 4096 {
            return "output of \(bytes.count) bytes for \(inputByteCount) bytes of input"
        }
        var open: [String] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "<"):
                switch readTag(bytes, at: index) {
                case .failure(let problem): return problem.description
                case .success(let tag):
                    if let problem = problem(in: tag, open: &open) { return problem }
                    index = tag.end
                }
                continue
            case UInt8(ascii: ">"):
                return "a raw > in text at byte \(index)"
            case 0x00...0x08, 0x0B, 0x0C, 0x0E...0x1F, 0x7F:
                return "control character 0x\(String(byte, radix: 16)) at byte \(index)"
            default:
                index += 1
            }
        }
        if !open.isEmpty { return "elements left open: \(open)" }
        return nil
    }

    struct Tag {
        var name: String
        var isEnd: Bool
        var attributes: [(name: String, value: String?)]
        var end: Int
    }

    private static func problem(in tag: Tag, open: inout [String]) -> String? {
        if forbiddenElements.contains(tag.name.lowercased()) { return "a <\(tag.name)> element" }
        if tag.isEnd {
            guard open.last == tag.name else { return "</\(tag.name)> closes \(open.last ?? "nothing")" }
            open.removeLast()
            return nil
        }
        var seen: Set<String> = []
        for attribute in tag.attributes {
            let name = attribute.name
            if !seen.insert(name).inserted { return "attribute \(name) twice on <\(tag.name)>" }
            if name.lowercased().hasUTF8Prefix("on") { return "event handler \(name) on <\(tag.name)>" }
            if name.lowercased() == "xml:base" { return "xml:base on <\(tag.name)>" }
            guard let value = attribute.value else { continue }
            let loweredValue = value.lowercased()
            if paintAttributes.contains(name.lowercased()), let call = loweredValue.firstRange(of: "url("),
               !loweredValue[call.upperBound...].hasPrefix("#")
            {
                return "\(name) loading a URL: \(value)"
            }
            if urlAttributes.contains(name), let scheme = forbiddenScheme(value) { return "\(name) with a \(scheme) URL: \(value)" }
            if name == "srcset" {
                for candidate in value.split(separator: ",") {
                    if let scheme = forbiddenScheme(String(candidate)) { return "srcset with a \(scheme) URL: \(value)" }
                }
            }
            if name == "style" {
                let lowered = value.lowercased()
                if let bad = forbiddenInStyle.first(where: { lowered.contains($0) }) { return "style with \(bad): \(value)" }
            }
        }
        if !voidElements.contains(tag.name) {
            open.append(tag.name)
            if open.count > maximumDepth { return "nesting deeper than \(maximumDepth)" }
        }
        return nil
    }

    /// The scheme of a script or data URL, seen the way a browser sees it.
    private static func forbiddenScheme(_ value: String) -> String? {
        let squeezed = String(String.UnicodeScalarView(value.unicodeScalars.filter { $0.value > 0x20 && $0.value != 0x7F })).lowercased()
        return forbiddenSchemes.first { squeezed.hasUTF8Prefix($0) }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "_")
    }

    private static func readTag(_ bytes: [UInt8], at start: Int) -> Result<Tag, TagProblem> {
        var index = start + 1
        let isEnd = index < bytes.count && bytes[index] == UInt8(ascii: "/")
        if isEnd { index += 1 }
        let nameStart = index
        while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
        guard index > nameStart else { return .failure(TagProblem("a < that opens no tag at byte \(start)")) }
        var tag = Tag(name: String(decoding: bytes[nameStart..<index], as: UTF8.self), isEnd: isEnd, attributes: [], end: 0)
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: ">"):
                tag.end = index + 1
                return .success(tag)
            case UInt8(ascii: "/") where !isEnd && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: ">"):
                guard voidElements.contains(tag.name) else { return .failure(TagProblem("self-closing <\(tag.name)/> left open")) }
                tag.end = index + 2
                return .success(tag)
            case UInt8(ascii: " ") where !isEnd:
                index += 1
                let attributeStart = index
                while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
                guard index > attributeStart else { continue }
                let name = String(decoding: bytes[attributeStart..<index], as: UTF8.self)
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                    tag.attributes.append((name, nil))
                    continue
                }
                guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") else {
                    return .failure(TagProblem("attribute \(name) is not double-quoted"))
                }
                let valueStart = index + 2
                guard let closing = bytes[valueStart...].firstIndex(of: UInt8(ascii: "\"")) else {
                    return .failure(TagProblem("attribute \(name) is not closed"))
                }
                switch unescaped(bytes[valueStart..<closing]) {
                case .failure(let problem): return .failure(problem)
                case .success(let value): tag.attributes.append((name, value))
                }
                index = closing + 1
            default:
                return .failure(TagProblem("unexpected byte 0x\(String(bytes[index], radix: 16)) in <\(tag.name)> tag"))
            }
        }
        return .failure(TagProblem("unterminated <\(tag.name)> tag"))
    }

    private static func unescaped(_ value: ArraySlice<UInt8>) -> Result<String, TagProblem> {
        let text = String(decoding: value, as: UTF8.self)
        if value.contains(UInt8(ascii: "<")) || value.contains(UInt8(ascii: ">")) {
            return .failure(TagProblem("raw < or > in an attribute value: \(text)"))
        }
        // Byte-wise: a combining mark after `&gt;` joins the `;` into one Character.
        var result: [UInt8] = []
        var rest = value[...]
        while let ampersand = rest.firstIndex(of: UInt8(ascii: "&")) {
            result += rest[..<ampersand]
            rest = rest[ampersand...]
            guard let reference = ["&amp;", "&lt;", "&gt;", "&quot;"].first(where: { rest.starts(with: $0.utf8) }) else {
                return .failure(TagProblem("an & that is not &amp;, &lt;, &gt; or &quot; in an attribute value: \(text)"))
            }
            result += ["&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": "\""][reference]!.utf8
            rest = rest.dropFirst(reference.utf8.count)
        }
        return .success(String(decoding: result + rest, as: UTF8.self))
    }

    struct TagProblem: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
