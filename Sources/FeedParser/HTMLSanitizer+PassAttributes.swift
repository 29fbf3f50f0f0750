import Foundation
import HTMLText

/// The attribute rules of a sanitising pass: which attributes a kept element keeps, whether a tag's
/// attributes are already written as they would be rewritten, and how a kept value is decoded,
/// cleaned (URLs, `srcset`, `style`) and written again.
extension HTMLSanitizer.SanitizingPass {
    /// The rule for an attribute, by its key: the HTML table's, or inside SVG or MathML their own.
    @inline(__always)
    func attributeRule(_ key: HTMLSanitizer.NameKey?) -> HTMLSanitizer.AttributeRule {
        guard let key else { return .dropped }
        guard let foreignContent else { return HTMLSanitizer.AttributeRule(rawValue: attributeTable.value(for: key)) ?? .dropped }
        let table = foreignContent == .svg ? HTMLSanitizer.svgAttributeTable : HTMLSanitizer.mathMLAttributeTable
        return HTMLSanitizer.AttributeRule(rawValue: table.value(for: key)) ?? .dropped
    }

    /// The end of a start tag whose attributes, from `start` (right after its name), are
    /// written as `isCanonicalStartTag` wants them, read in the same pass that checks them:
    /// ` name="value"` each (allowed, plain or URL, not repeated, the value canonical), then
    /// `>` (or `/>`, ` />` for a void element). Nil for anything else, which `readTag` then
    /// reads in full, including what this does not take on although it may be canonical (an
    /// attribute without a value, a name of eight bytes or more).
    ///
    /// One URL of the tag may also be an absolute path that resolves by putting the base's
    /// origin in front of it (the relative `img` of most items): `pathStart` then says where
    /// it starts, and the tag is otherwise kept as written. Read and rewritten in full,
    /// the tag came out the same at four times the cost (~3,800 instructions, callgrind).
    mutating func canonicalAttributesEnd(from start: Int, isVoid: Bool) -> (end: Int, pathStart: Int?)? {
        let count = input.count
        var cursor = start
        var pathStart: Int?
        attributes.removeAll()
        while cursor < count {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: ">") { return (cursor + 1, pathStart) }
            if byte == 0x20, cursor + 1 < count, bytes[cursor + 1] != UInt8(ascii: "/") {
                cursor += 1
                // An empty name (a second space, `>`) has no key.
                guard attributes.count < 16, cursor + 8 <= count,
                      let name = HTMLSanitizer.Tokenizer.scanShortName(in: input, from: cursor, stopsAtEquals: true),
                      let key = name.key, !name.hasUppercase, case let rule = attributeRule(key), rule == .plain || rule == .url,
                      case let nameEnd = name.range.upperBound, nameEnd + 2 < count,
                      bytes[nameEnd] == UInt8(ascii: "="), bytes[nameEnd + 1] == UInt8(ascii: "\"")
                else { return nil }
                let valueStart = nameEnd + 2
                var valueEnd = Self.canonicalValueEnd(in: input, from: valueStart, isURL: rule == .url)
                if valueEnd == nil, rule == .url, pathStart == nil,
                   let pathEnd = Self.canonicalPathEnd(in: input, from: valueStart),
                   resolvesByOrigin(UnsafeBufferPointer(rebasing: input[valueStart..<pathEnd])) {
                    valueEnd = pathEnd
                    pathStart = valueStart
                }
                guard let valueEnd else { return nil }
                for earlier in 0..<attributes.count where attributes[earlier].name.key == key { return nil }
                attributes.append(HTMLSanitizer.AttributeToken(name: name, value: valueStart..<valueEnd, quote: UInt8(ascii: "\"")))
                cursor = valueEnd + 1
                continue
            }
            // `/>` or ` />`, for a void element only; a rewritten tag ends in ` />`.
            let slash = byte == 0x20 ? cursor + 1 : cursor
            guard isVoid, slash + 1 < count, bytes[slash] == UInt8(ascii: "/"), bytes[slash + 1] == UInt8(ascii: ">"),
                  pathStart == nil || byte == 0x20
            else { return nil }
            return (slash + 2, pathStart)
        }
        return nil
    }

    /// Whether `cleanURL` resolves `path` against the base by putting the origin in front of
    /// it, with an origin that escaping keeps as it is: the rewritten tag then holds the value
    /// as written, after the origin. `path` is a canonical value as written: decoding it
    /// (`&amp;` at most) changes neither its first bytes nor its segments.
    mutating func resolvesByOrigin(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = base(), let scheme = base.parts.scheme, HTMLSanitizer.isAllowedScheme(scheme),
              base.joinsOrigin(absolutePath: path)
        else { return false }
        return base.origin.withUnsafeBufferPointer { !HTMLSanitizer.mayNeedEscaping($0, escapingQuotes: true) }
    }

    /// True when the tag is already written exactly as it would be rendered: lower-case
    /// names, one space before each attribute, allowed attributes only, double-quoted values
    /// that need no escaping, `http(s)` URLs, `>` or (void) ` />` or `/>` at the end. Most tags of
    /// clean feed HTML pass, and then cost no copying at all.
    ///
    /// `mutating` though it changes nothing: it reads the pass's state, and a non-mutating
    /// call would copy the whole pass once per tag (see `bytes`).
    mutating func isCanonicalStartTag(_ tag: HTMLSanitizer.TagToken, range: Range<Int>, isVoid: Bool) -> Bool {
        guard attributes.count <= 16, !tag.name.hasUppercase, !isSpelledOtherwise(tag.name.key) else { return false }
        var expected = tag.name.range.upperBound
        for number in 0..<attributes.count {
            let attribute = attributes[number]
            let key = attribute.name.key
            guard attribute.name.range.lowerBound == expected + 1, bytes[expected] == 0x20,
                  !attribute.name.hasUppercase, !isSpelledOtherwise(key)
            else { return false }
            let rule = attributeRule(key)
            guard rule == .plain || rule == .url else { return false }
            for earlier in 0..<number where attributes[earlier].name.key == key { return false }
            guard let value = attribute.value else {
                guard rule == .plain else { return false }
                expected = attribute.name.range.upperBound
                continue
            }
            guard attribute.quote == UInt8(ascii: "\""), value.lowerBound == attribute.name.range.upperBound + 2,
                  Self.canonicalValueEnd(in: input, from: value.lowerBound, isURL: rule == .url) == value.upperBound
            else { return false }
            expected = value.upperBound + 1
        }
        if tag.isSelfClosing {
            // `<br />` and `<br/>` are both already fine for a void element.
            guard isVoid else { return false }
            return range.upperBound == expected + 2 || (range.upperBound == expected + 3 && bytes[expected] == 0x20)
        }
        return range.upperBound == expected + 1
    }

    /// Where the double-quoted value starting at `start` ends (its closing `"`) when it decodes
    /// and re-escapes to itself: no `<`, `>`, control characters, and every `&` written
    /// `&amp;`; URLs must also be absolute `http:`/`https:` with no spaces. Nil otherwise, and
    /// when no `"` closes it. Eight bytes a step: a value is nearly always fine up to its end.
    static func canonicalValueEnd(in input: UnsafeBufferPointer<UInt8>, from start: Int, isURL: Bool) -> Int? {
        let bytes = input.baseAddress!
        let count = input.count
        guard isURL else { return canonicalTextEnd(in: input, from: start, allowsSpace: true) }
        guard start + 5 < count, bytes[start] == UInt8(ascii: "h"), bytes[start + 1] == UInt8(ascii: "t"),
              bytes[start + 2] == UInt8(ascii: "t"), bytes[start + 3] == UInt8(ascii: "p") else { return nil }
        let afterScheme = bytes[start + 4] == UInt8(ascii: "s") ? start + 5 : start + 4
        guard bytes[afterScheme] == UInt8(ascii: ":"),
              let end = canonicalTextEnd(in: input, from: start, allowsSpace: false), end - start > 7
        else { return nil }
        return end
    }

    /// The same for a URL written as an absolute path (`/img/1.png`): no spaces either.
    static func canonicalPathEnd(in input: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < input.count, input[start] == UInt8(ascii: "/") else { return nil }
        return canonicalTextEnd(in: input, from: start, allowsSpace: false)
    }

    /// The scan both share: the index of the closing `"` when every byte before it is
    /// canonical, spaces included only with `allowsSpace`.
    @inline(__always)
    static func canonicalTextEnd(in input: UnsafeBufferPointer<UInt8>, from start: Int, allowsSpace: Bool) -> Int? {
        let bytes = input.baseAddress!
        let count = input.count
        let base = UnsafeRawPointer(bytes)
        var index = start
        while index < count {
            if index + 8 <= count {
                let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let flags = HTMLSanitizer.Tokenizer.attentionFlags(word, orSpace: !allowsSpace) | HTMLSanitizer.Tokenizer.quoteFlags(word)
                if flags == 0 {
                    index &+= 8
                    continue
                }
                // The lowest flag is exact (see `attentionFlags`).
                index &+= flags.trailingZeroBitCount >> 3
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { return index }
            if byte != 0x7F, byte > UInt8(ascii: ">") || (byte > 0x20 && byte != UInt8(ascii: "&") && byte != UInt8(ascii: "<") && byte != UInt8(ascii: ">")) {
                index &+= 1
                continue
            }
            if byte == UInt8(ascii: "&") {
                guard index + 4 < count, bytes[index + 1] == UInt8(ascii: "a"), bytes[index + 2] == UInt8(ascii: "m"),
                      bytes[index + 3] == UInt8(ascii: "p"), bytes[index + 4] == UInt8(ascii: ";") else { return nil }
                index &+= 5
                continue
            }
            if byte == 0x20, allowsSpace {
                index &+= 1
                continue
            }
            return nil
        }
        return nil
    }

    mutating func appendAttributes() {
        // Sized once per pass, like `scratch`.
        if emittedAttributeNames.capacity == 0 {
            emittedAttributeNames.reserveCapacity(8)
            value.reserveCapacity(128)
        }
        emittedAttributeNames.removeAll(keepingCapacity: true)
        for number in 0..<attributes.count {
            let attribute = attributes[number]
            guard let key = attribute.name.key, case let rule = attributeRule(key), rule != .dropped,
                  !emittedAttributeNames.contains(key)
            else { continue }
            emittedAttributeNames.append(key)
            guard let valueRange = attribute.value else {
                if rule == .plain {
                    scratch.append(0x20)
                    appendName(key)
                }
                continue
            }
            value.removeAll(keepingCapacity: true)
            decodeAttributeValue(valueRange)
            let cleaned: [UInt8]?
            switch rule {
            case .dropped: cleaned = nil
            case .plain: cleaned = value
            case .url where foreignContent != nil && value.first == UInt8(ascii: "#"):
                cleaned = value  // `use`, `a` in SVG: a reference within the document stays one
            case .url:
                appendURLAttribute(key)
                continue
            case .srcset: cleaned = HTMLSanitizer.cleanSrcset(value, base: base(), paths: paths)
            case .usemap: cleaned = value.first == UInt8(ascii: "#") ? value : nil
            case .style: cleaned = HTMLSanitizer.cleanStyle(value, inSVG: foreignContent == .svg)
            case .paint: cleaned = HTMLSanitizer.cleanPaint(value)
            }
            guard let cleaned else { continue }
            appendAttribute(key, cleaned)
        }
    }

    /// ` name="value"`, the value escaped.
    mutating func appendAttribute(_ key: HTMLSanitizer.NameKey, _ value: [UInt8]) {
        scratch.append(0x20)
        appendName(key)
        scratch.append(UInt8(ascii: "="))
        scratch.append(UInt8(ascii: "\""))
        value.withUnsafeBufferPointer { HTMLSanitizer.appendEscapedText($0, to: &scratch, escapingQuotes: true, paths: paths) }
        scratch.append(UInt8(ascii: "\""))
    }

    /// A URL attribute whose value is in `value`, cleaned into `url`, which is kept from tag to
    /// tag: a new array per URL was an allocation for the relative `img` of most items.
    mutating func appendURLAttribute(_ key: HTMLSanitizer.NameKey) {
        let base = base()
        var cleaned: [UInt8] = []
        swap(&cleaned, &url)
        cleaned.removeAll(keepingCapacity: true)
        if value.withUnsafeBufferPointer({ HTMLSanitizer.cleanURL($0, base: base, into: &cleaned, paths: paths) }) {
            appendAttribute(key, cleaned)
        }
        swap(&cleaned, &url)
    }

    /// Decodes character references in an attribute value (or, with `inAttribute` false, in text)
    /// into `value`; drops NUL.
    mutating func decodeAttributeValue(_ range: Range<Int>, inAttribute: Bool = true) {
        var index = range.lowerBound
        var runStart = index
        let slice = UnsafeBufferPointer(rebasing: input[..<range.upperBound])
        // Bytes other than `&` and NUL are copied a run at a time: appending them one by one
        // paid a uniqueness check per byte of every attribute kept.
        while index < range.upperBound {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "&") || byte == 0 else {
                index &+= 1
                continue
            }
            appendValueBytes(runStart..<index)
            if byte == UInt8(ascii: "&"),
               let reference = CharacterReference.decode(in: slice, at: index, inAttribute: inAttribute, into: &value)
            {
                index = reference.end
            } else {
                if byte != 0 { value.append(byte) }
                index &+= 1
            }
            runStart = index
        }
        appendValueBytes(runStart..<index)
    }

    mutating func appendValueBytes(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        value.append(contentsOf: UnsafeBufferPointer(rebasing: input[range]))
    }
}
