#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads HTML as a browser's tokenizer does, in one pass over its UTF-8 bytes: text, start tags
/// and end tags. The one HTML tokenizer of Tidings (article view, previews, list excerpts and
/// search text all read through it).
///
/// - A `<` that does not open a tag (`5 < 6`, `<3`) is text.
/// - Comments (`<!-- … -->`), doctypes, `<?…>` and `</…` not followed by a letter read as
///   nothing; so does a tag or comment cut off by the end of the input, as in a browser.
/// - Raw-text elements (`script`, `style`, `textarea`…) run to their own end tag: what is
///   inside is skipped whole, so `<script>a < b</script>` yields no text.
/// - Nothing is allocated per token; attributes are read on demand.
///
/// ```swift
/// html.utf8.withContiguousStorageIfAvailable { bytes in
///     var tokenizer = HTMLTokenizer(bytes)
///     while let token = tokenizer.next() { … }
/// }
/// ```
public struct HTMLTokenizer {
    public let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// The end tag of a raw-text element whose content was just skipped.
    private var pendingEnd: HTMLElement?

    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    public mutating func next() -> HTMLToken? {
        if let element = pendingEnd {
            pendingEnd = nil
            return .endTag(element)
        }
        while index < bytes.count {
            // A `<` that opens nothing (`a <3`, `<>`, a `<` at the very end) is text.
            if bytes[index] != Self.lessThan || !opensMarkup(at: index) {
                let start = index
                index = endOfText(from: index)
                return .text(start..<index)
            }
            if let token = markup() { return token }
        }
        return nil
    }

    // MARK: - Text

    private static let lessThan = UInt8(ascii: "<")
    private static let greaterThan = UInt8(ascii: ">")
    private static let slash = UInt8(ascii: "/")

    /// The index of the first `<` at or after `start` that opens markup, or the end.
    private func endOfText(from start: Int) -> Int {
        var position = start
        while position < bytes.count {
            guard let found = memchr(bytes.baseAddress! + position, Int32(Self.lessThan), bytes.count - position) else {
                return bytes.count
            }
            position = UnsafeRawPointer(found) - UnsafeRawPointer(bytes.baseAddress!)
            if opensMarkup(at: position) { return position }
            position += 1
        }
        return bytes.count
    }

    /// Whether the `<` at `position` starts a tag, an end tag, a comment or a declaration.
    private func opensMarkup(at position: Int) -> Bool {
        guard position + 1 < bytes.count else { return false }
        let next = bytes[position + 1]
        return Self.isLetter(next) || next == Self.slash || next == UInt8(ascii: "!") || next == UInt8(ascii: "?")
    }

    // MARK: - Markup

    /// Reads the markup at `index` (a `<` that opens some) and returns its token, or nil for
    /// markup that reads as nothing.
    private mutating func markup() -> HTMLToken? {
        let start = index
        let next = bytes[start + 1]
        if Self.isLetter(next) { return startTag(at: start) }
        if next == Self.slash, start + 2 < bytes.count, Self.isLetter(bytes[start + 2]) {
            let nameEnd = endOfName(from: start + 2)
            let element = HTMLElement(name: UnsafeBufferPointer(rebasing: bytes[(start + 2)..<nameEnd]))
            guard let close = endOfTag(from: nameEnd) else {
                index = bytes.count
                return nil
            }
            index = close
            return .endTag(element)
        }
        if starts(with: "<!--", at: start) {
            index = endOfComment(from: start + 4)
            return nil
        }
        // `<!doctype>`, `<?php …?>`, `</3>`: a bogus comment up to the next `>`.
        if let close = find(Self.greaterThan, from: start + 2) {
            index = close + 1
        } else {
            index = bytes.count
        }
        return nil
    }

    private mutating func startTag(at start: Int) -> HTMLToken? {
        let nameEnd = endOfName(from: start + 1)
        let element = HTMLElement(name: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<nameEnd]))
        guard let close = endOfTag(from: nameEnd) else {
            index = bytes.count
            return nil
        }
        let isSelfClosing = close - 2 >= nameEnd && bytes[close - 2] == Self.slash
        let tag = HTMLTag(element: element, attributes: nameEnd..<(close - 1), isSelfClosing: isSelfClosing)
        index = close
        if element.isRawText && !isSelfClosing {
            index = skipRawText(of: element, from: close)
            pendingEnd = element
        }
        return .startTag(tag)
    }

    private func endOfName(from start: Int) -> Int {
        var position = start
        while position < bytes.count {
            let byte = bytes[position]
            if byte == Self.greaterThan || byte == Self.slash || Self.isSpace(byte) { break }
            position += 1
        }
        return position
    }

    /// The index after the `>` that closes the tag whose attributes start at `start`, skipping
    /// `>` inside quoted attribute values; nil when the input ends first.
    private func endOfTag(from start: Int) -> Int? {
        var position = start
        var quote: UInt8 = 0
        var afterEquals = false
        while position < bytes.count {
            let byte = bytes[position]
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == Self.greaterThan {
                return position + 1
            } else if afterEquals && (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")) {
                quote = byte
            }
            if !Self.isSpace(byte) { afterEquals = quote == 0 && byte == UInt8(ascii: "=") }
            position += 1
        }
        return nil
    }

    /// Where a comment whose text starts at `start` ends: after `-->` (`<!-->` and `<!--->`
    /// are whole, empty comments), or the end of the input.
    private func endOfComment(from start: Int) -> Int {
        if starts(with: ">", at: start) { return start + 1 }
        if starts(with: "->", at: start) { return start + 2 }
        var position = start
        while let dash = find(UInt8(ascii: "-"), from: position) {
            if starts(with: "-->", at: dash) { return dash + 3 }
            position = dash + 1
        }
        return bytes.count
    }

    /// The index of the `<` of the end tag `</name` that closes raw-text `element`, or the end.
    private func skipRawText(of element: HTMLElement, from start: Int) -> Int {
        let name = element.rawValue.utf8
        var position = start
        while let open = find(Self.lessThan, from: position) {
            position = open + 1
            guard open + 2 + name.count <= bytes.count, bytes[open + 1] == Self.slash else { continue }
            let nameRange = (open + 2)..<(open + 2 + name.count)
            guard zip(bytes[nameRange], name).allSatisfy({ ($0 &- UInt8(ascii: "A") < 26 ? $0 | 0x20 : $0) == $1 }) else { continue }
            let after = nameRange.upperBound
            if after == bytes.count || bytes[after] == Self.greaterThan || bytes[after] == Self.slash || Self.isSpace(bytes[after]) {
                return endOfTag(from: after) ?? bytes.count
            }
        }
        return bytes.count
    }

    private func find(_ byte: UInt8, from start: Int) -> Int? {
        guard start < bytes.count, let found = memchr(bytes.baseAddress! + start, Int32(byte), bytes.count - start) else {
            return nil
        }
        return UnsafeRawPointer(found) - UnsafeRawPointer(bytes.baseAddress!)
    }

    private func starts(with prefix: StaticString, at position: Int) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        return memcmp(bytes.baseAddress! + position, prefix.utf8Start, count) == 0
    }

    // MARK: - Attributes and text

    /// The value of attribute `name` (lowercase) of `tag`, character references decoded; nil
    /// when the tag does not have it. An attribute written twice has its first value.
    public func attribute(_ name: String, of tag: HTMLTag) -> String? {
        var position = tag.attributes.lowerBound
        let end = tag.attributes.upperBound
        while position < end {
            while position < end && (Self.isSpace(bytes[position]) || bytes[position] == Self.slash) { position += 1 }
            let nameStart = position
            while position < end, !Self.isSpace(bytes[position]), bytes[position] != Self.slash, bytes[position] != UInt8(ascii: "=") {
                position += 1
            }
            let nameRange = nameStart..<position
            while position < end && Self.isSpace(bytes[position]) { position += 1 }
            var value: Range<Int> = position..<position
            if position < end && bytes[position] == UInt8(ascii: "=") {
                position += 1
                while position < end && Self.isSpace(bytes[position]) { position += 1 }
                if position < end && (bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'")) {
                    let quote = bytes[position]
                    let valueStart = position + 1
                    position = valueStart
                    while position < end && bytes[position] != quote { position += 1 }
                    value = valueStart..<position
                    position += 1
                } else {
                    let valueStart = position
                    while position < end && !Self.isSpace(bytes[position]) { position += 1 }
                    value = valueStart..<position
                }
            }
            guard !nameRange.isEmpty else {
                position += 1
                continue
            }
            if nameRange.count == name.utf8.count,
               zip(bytes[nameRange], name.utf8).allSatisfy({ ($0 &- UInt8(ascii: "A") < 26 ? $0 | 0x20 : $0) == $1 })
            {
                var decoded: [UInt8] = []
                appendText(value, to: &decoded, inAttribute: true)
                return String(decoding: decoded, as: UTF8.self)
            }
        }
        return nil
    }

    /// Appends the text `bytes[range]` to `out` with its character references decoded.
    public func appendText(_ range: Range<Int>, to out: inout [UInt8], inAttribute: Bool = false) {
        var position = range.lowerBound
        while position < range.upperBound {
            guard let ampersand = find(UInt8(ascii: "&"), from: position), ampersand < range.upperBound else {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<range.upperBound]))
                return
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<ampersand]))
            let slice = UnsafeBufferPointer(rebasing: bytes[..<range.upperBound])
            if let reference = CharacterReference.decode(in: slice, at: ampersand, inAttribute: inAttribute, into: &out) {
                position = reference.end
            } else {
                out.append(UInt8(ascii: "&"))
                position = ampersand + 1
            }
        }
    }

    /// The text `bytes[range]` as a string, character references decoded.
    public func text(_ range: Range<Int>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        appendText(range, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }
}
