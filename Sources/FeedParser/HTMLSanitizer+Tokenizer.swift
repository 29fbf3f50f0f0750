import Foundation
import HTMLText

extension HTMLSanitizer {
    /// A name read from the input, with its lower-cased key (nil when longer than 16 bytes).
    struct ScannedName {
        var range: Range<Int>
        var key: NameKey?
        var hasUppercase: Bool
    }

    /// An attribute as written: its name, its value's bytes (without quotes), its quote (or 0).
    struct AttributeToken {
        var name: ScannedName
        var value: Range<Int>?
        var quote: UInt8
    }

    /// A tag as written: its name, where it ends, whether it ends in `/>`.
    struct TagToken {
        var name: ScannedName
        var end: Int
        var isSelfClosing: Bool
    }

    /// The sanitiser's reading of HTML's bytes: where text needs attention, names, tags with
    /// their attributes, comments, and references already written as HTML requires. Pure
    /// functions of the input; `SanitizingPass` decides what each token becomes.
    enum Tokenizer {
        /// True when any of the eight bytes is below 0x20 or is `<`, `&`, `>` or DEL.
        @inline(__always)
        static func mayNeedAttention(_ word: UInt64, orSpace: Bool = false) -> Bool {
            attentionFlags(word, orSpace: orSpace) != 0
        }

        /// The high bit of each byte of `word` (read little-endian) that is below 0x20 (0x21 with
        /// `orSpace`) or is `<`, `&`, `>` or DEL, as SWAR computes it: the classic "has zero byte"
        /// test applied to the word XOR each wanted byte. A borrow can flag a byte above a real
        /// match, never one below it, so the lowest flag is the first such byte. `<` (0x3C) and
        /// `>` (0x3E) differ in one bit only: with that bit set both read 0x3E, one test for two.
        @inline(__always)
        static func attentionFlags(_ word: UInt64, orSpace: Bool = false) -> UInt64 {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            func hasZeroByte(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
            let below0x20 = (word &- ones &* (orSpace ? 0x21 : 0x20)) & ~word & highs
            let angleBracket = hasZeroByte((word | ones &* 0x02) ^ (ones &* 0x3E))
            let ampersand = hasZeroByte(word ^ (ones &* 0x26))
            let delete = hasZeroByte(word ^ (ones &* 0x7F))
            return below0x20 | angleBracket | ampersand | delete
        }

        /// The high bit of each byte of `word` that is `"`, the lowest flag exact as in
        /// `attentionFlags`.
        @inline(__always)
        static func quoteFlags(_ word: UInt64) -> UInt64 {
            let quotes = word ^ 0x2222_2222_2222_2222  // a zero byte where a byte is `"`
            return (quotes &- 0x0101_0101_0101_0101) & ~quotes & 0x8080_8080_8080_8080
        }

        /// The end of a reference that is already written as HTML requires (`&name;` with a
        /// known name, `&#nn;` or `&#xhh;` naming an allowed character), else nil. Decides
        /// without decoding, for the common case of clean text. Inlined into `reference`, its only
        /// caller: the call and its saved registers were a fifth of its cost.
        @inline(__always)
        static func canonicalReferenceEnd(in input: UnsafeBufferPointer<UInt8>, at index: Int, names: NameTable) -> Int? {
            let bytes = input.baseAddress!
            let count = input.count
            var cursor = index + 1
            guard cursor < count else { return nil }
            if bytes[cursor] == UInt8(ascii: "#") {
                cursor &+= 1
                let isHex = cursor < count && bytes[cursor] | 0x20 == UInt8(ascii: "x")
                if isHex { cursor &+= 1 }
                let digitsStart = cursor
                var value: UInt32 = 0
                while cursor < count, cursor - digitsStart < 8 {
                    let byte = bytes[cursor]
                    if byte &- 0x30 < 10 {
                        value = value &* (isHex ? 16 : 10) &+ UInt32(byte - 0x30)
                    } else if isHex, (byte | 0x20) &- UInt8(ascii: "a") < 6 {
                        value = value &* 16 &+ UInt32((byte | 0x20) - UInt8(ascii: "a") + 10)
                    } else {
                        break
                    }
                    cursor &+= 1
                }
                guard cursor > digitsStart, cursor < count, bytes[cursor] == UInt8(ascii: ";") else { return nil }
                switch value {
                case 0x09, 0x0A, 0x0D, 0x20..<0x7F, 0xA0..<0xD800, 0xE000...0x10FFFF: return cursor + 1
                default: return nil
                }
            }
            let nameStart = cursor
            // A name of up to seven bytes (`amp`, `mdash`, `hellip`: nearly every one in feeds) is
            // read as one word, up to its `;` (the lowest flag of a SWAR test is exact).
            if nameStart + 8 <= count {
                let word = UInt64(littleEndian: UnsafeRawPointer(bytes + nameStart).loadUnaligned(as: UInt64.self))
                let ones: UInt64 = 0x0101_0101_0101_0101
                let semicolons = ((word ^ (ones &* UInt64(UInt8(ascii: ";")))) &- ones) & ~word & (ones &* 0x80)
                let length = semicolons.trailingZeroBitCount >> 3
                if length < 8 {
                    // Every name in the table is letters and digits: a name with anything else
                    // is not found, without a look at each of its bytes first; but a key pads
                    // its name with zeros, so a name ending in NUL (`&nbsp\0;`) must be refused
                    // here, or it would be taken for the name without it.
                    let name = word & (UInt64.max >> (64 - length * 8))
                    guard length > 0, name >> UInt64(length * 8 - 8) != 0 else { return nil }
                    return names.value(for: NameKey(low: name, high: 0)) != 0 ? nameStart + length + 1 : nil
                }
            }
            var low: UInt64 = 0
            var high: UInt64 = 0
            while cursor < count, cursor - nameStart < 16 {
                let byte = bytes[cursor]
                guard CharacterReference.isAlphanumeric(byte) else { break }
                let offset = cursor - nameStart
                if offset < 8 { low |= UInt64(byte) << (offset &* 8) } else { high |= UInt64(byte) << ((offset &- 8) &* 8) }
                cursor &+= 1
            }
            // Keys are lower-cased elsewhere; reference names are case-sensitive, so the key here
            // keeps the bytes as written and the table holds names as written.
            guard cursor > nameStart, cursor < count, bytes[cursor] == UInt8(ascii: ";"),
                  names.value(for: NameKey(low: low, high: high)) != 0
            else { return nil }
            return cursor + 1
        }

        static func hasPrefix(_ text: StaticString, in input: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
            let length = text.utf8CodeUnitCount
            guard index + length <= input.count else { return false }
            let bytes = input.baseAddress!
            let pattern = UnsafeBufferPointer(start: text.utf8Start, count: length)
            for offset in 0..<length where bytes[index + offset] != pattern[offset] { return false }
            return true
        }

        /// Whether the `<!` at `index` begins markup — a comment, CDATA, or a declaration
        /// (`<!DOCTYPE html>`: a keyword, then `>` or white space and a name, a quoted string, `[`
        /// or `%`) that a `>` ends somewhere after it — rather than text that only looks like one
        /// (`<!DOCTYPE ~`, `<!~`), which Universal Feed Parser keeps as text and so does Tidings.
        /// `lastClosingAngle` is the index of the input's last `>` (-1 when none), found once per
        /// document: looking for one from every `<!` would be quadratic.
        static func isMarkupDeclaration(in input: UnsafeBufferPointer<UInt8>, at index: Int, lastClosingAngle: Int) -> Bool {
            if hasPrefix("<!--", in: input, at: index) || hasPrefix("<![CDATA[", in: input, at: index) { return true }
            let count = input.count
            var cursor = index + 2
            guard cursor < count, cursor < lastClosingAngle || input[cursor] == UInt8(ascii: ">") else { return false }
            if input[cursor] == UInt8(ascii: ">") { return true }  // `<!>`, an empty comment
            guard (input[cursor] | 0x20) &- UInt8(ascii: "a") < 26 else { return false }
            while cursor < count, (input[cursor] | 0x20) &- UInt8(ascii: "a") < 26 { cursor &+= 1 }
            guard cursor < count else { return false }
            if input[cursor] == UInt8(ascii: ">") { return true }
            guard input[cursor] <= 0x20 else { return false }
            while cursor < count, input[cursor] <= 0x20 { cursor &+= 1 }
            guard cursor < count else { return false }
            let next = input[cursor]
            return (next | 0x20) &- UInt8(ascii: "a") < 26 || next == UInt8(ascii: "\"") || next == UInt8(ascii: "'")
                || next == UInt8(ascii: "[") || next == UInt8(ascii: "%") || next == UInt8(ascii: ">")
        }

        /// The index of the last `>` of the input, or -1.
        static func lastClosingAngle(in input: UnsafeBufferPointer<UInt8>) -> Int {
            var index = input.count - 1
            while index >= 0, input[index] != UInt8(ascii: ">") { index -= 1 }
            return index
        }

        /// Where the end tag `</name` (any case, then no letter or digit) of a raw-text element
        /// whose content starts at `start` begins, or the end of the input.
        static func endTagStart(in input: UnsafeBufferPointer<UInt8>, from start: Int, name: StaticString) -> Int {
            let count = input.count
            let length = name.utf8CodeUnitCount
            var cursor = start
            while cursor + 2 + length <= count {
                if input[cursor] == UInt8(ascii: "<"), input[cursor + 1] == UInt8(ascii: "/") {
                    var matches = true
                    for offset in 0..<length where input[cursor + 2 + offset] | 0x20 != name.utf8Start[offset] {
                        matches = false
                        break
                    }
                    let after = cursor + 2 + length
                    if matches, after == count || !CharacterReference.isAlphanumeric(input[after]) { return cursor }
                }
                cursor &+= 1
            }
            return count
        }

        /// The option a closed `select` (its start tag ending at `start`) shows — the first marked
        /// `selected`, else the first — as the ranges of its text, and where the list ends: after
        /// `</select>`, before a `<select>` that ends it as browsers read it, or at the end of the
        /// input. Tags inside an option are skipped; the list is read once, so the sanitiser stays
        /// linear.
        static func selectedOption(
            in input: UnsafeBufferPointer<UInt8>, from start: Int, attributes: inout FixedStack<AttributeToken>, paths: ParsePaths
        ) -> (text: [Range<Int>], end: Int) {
            let count = input.count
            var first: [Range<Int>]?
            var selected: [Range<Int>]?
            var option: [Range<Int>]?
            var optionIsSelected = false
            func finishOption() {
                if let option {
                    if first == nil { first = option }
                    if optionIsSelected, selected == nil { selected = option }
                }
                option = nil
            }
            var cursor = start
            var textStart = start
            while cursor < count {
                guard input[cursor] == UInt8(ascii: "<"), cursor + 1 < count else {
                    cursor &+= 1
                    continue
                }
                let isEnd = input[cursor + 1] == UInt8(ascii: "/")
                let nameStart = cursor + (isEnd ? 2 : 1)
                guard nameStart < count, (input[nameStart] | 0x20) &- UInt8(ascii: "a") < 26 else {
                    cursor &+= 1
                    continue
                }
                if cursor > textStart { option?.append(textStart..<cursor) }
                guard let tag = readTag(in: input, nameStart: nameStart, into: &attributes, paths: paths) else {
                    finishOption()
                    return (selected ?? first ?? [], count)
                }
                let key = tag.name.key
                if key == HTMLSanitizer.selectKey {
                    finishOption()
                    return (selected ?? first ?? [], isEnd ? tag.end : cursor)
                }
                if key == HTMLSanitizer.optionKey || key == HTMLSanitizer.optgroupKey {
                    finishOption()
                    if !isEnd, key == HTMLSanitizer.optionKey {
                        option = []
                        optionIsSelected = (0..<attributes.count).contains { attributes[$0].name.key == HTMLSanitizer.selectedKey }
                    }
                }
                cursor = tag.end
                textStart = cursor
            }
            if cursor > textStart { option?.append(textStart..<cursor) }
            finishOption()
            return (selected ?? first ?? [], count)
        }

        /// Index after a comment (`<!--…-->`, also ended by `--!>`, and the empty `<!-->`,
        /// `<!--->`) or a `<!…>` declaration; the end of the input when unterminated.
        static func commentEnd(in input: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
            let bytes = input.baseAddress!
            let count = input.count
            guard hasPrefix("<!--", in: input, at: index) else {
                var cursor = index + 2
                while cursor < count, bytes[cursor] != UInt8(ascii: ">") { cursor &+= 1 }
                return min(cursor + 1, count)
            }
            var cursor = index + 4
            if cursor < count, bytes[cursor] == UInt8(ascii: ">") { return cursor + 1 }
            if hasPrefix("->", in: input, at: cursor) { return cursor + 2 }
            while cursor + 2 < count {
                if bytes[cursor] == UInt8(ascii: "-"), bytes[cursor + 1] == UInt8(ascii: "-") {
                    if bytes[cursor + 2] == UInt8(ascii: ">") { return cursor + 3 }
                    if bytes[cursor + 2] == UInt8(ascii: "!"), cursor + 3 < count, bytes[cursor + 3] == UInt8(ascii: ">") {
                        return cursor + 4
                    }
                }
                cursor &+= 1
            }
            return count
        }

        /// `scanName` for a name shorter than eight bytes (nearly all of them), read as one word:
        /// nil when the eight bytes at `start` hold no end of the name. SWAR tests flag each byte
        /// that ends the name; borrows can flag bytes above a real match but never below one, so
        /// the lowest flag is exact.
        @inline(__always)
        static func scanShortName(in input: UnsafeBufferPointer<UInt8>, from start: Int, stopsAtEquals: Bool) -> ScannedName? {
            let bytes = input.baseAddress!
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            func hasZeroByte(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
            let word = UInt64(littleEndian: UnsafeRawPointer(bytes).loadUnaligned(fromByteOffset: start, as: UInt64.self))
            var ends = ((word &- ones &* 0x21) & ~word & highs)  // bytes up to 0x20
                | hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "/"))))
                | hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: ">"))))
            if stopsAtEquals {
                // The first byte is always part of the name, so it is made a non-match (0xFF).
                ends |= hasZeroByte((word | 0xFF) ^ (ones &* UInt64(UInt8(ascii: "="))))
            }
            guard ends != 0 else { return nil }
            let length = ends.trailingZeroBitCount >> 3
            guard length > 0 else { return ScannedName(range: start..<start, key: nil, hasUppercase: false) }
            let name = word & (UInt64.max >> (64 - length * 8))
            // Upper-case ASCII letters: at least "A" and not above "Z", and below 0x80.
            let heptets = name & ~highs
            let isUppercase = (heptets &+ ones &* (0x80 - 0x41)) & ~(heptets &+ ones &* (0x80 - 0x5B)) & ~name & highs
            return ScannedName(range: start..<start + length, key: NameKey(low: name | (isUppercase >> 2), high: 0),
                               hasUppercase: isUppercase != 0)
        }

        /// Reads a name up to white space, `/`, `>` (and `=` for attribute names; the first byte
        /// is always taken), building its key in the same pass.
        @inline(__always)
        static func scanName(
            in input: UnsafeBufferPointer<UInt8>, from start: Int, stopsAtEquals: Bool, paths: ParsePaths
        ) -> ScannedName {
            let bytes = input.baseAddress!
            let count = input.count
            if paths.isFast, start + 8 <= count, let short = scanShortName(in: input, from: start, stopsAtEquals: stopsAtEquals) { return short }
            var cursor = start
            var low: UInt64 = 0
            var high: UInt64 = 0
            var uppercaseSeen: UInt8 = 0
            while cursor < count {
                var byte = bytes[cursor]
                let isEnd = byte <= 0x20 || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
                    || (stopsAtEquals && byte == UInt8(ascii: "=") && cursor > start)
                if isEnd { break }
                let isUppercase: UInt8 = byte &- UInt8(ascii: "A") < 26 ? 0x20 : 0
                byte |= isUppercase
                uppercaseSeen |= isUppercase
                let offset = cursor &- start
                if offset < 8 {
                    low |= UInt64(byte) << (offset &* 8)
                } else if offset < 16 {
                    high |= UInt64(byte) << ((offset &- 8) &* 8)
                }
                cursor &+= 1
            }
            let length = cursor - start
            let key = length > 0 && length <= 16 ? NameKey(low: low, high: high)
                : length > 16 ? HTMLSanitizer.longNameKey(in: input, start..<cursor) : nil
            return ScannedName(range: start..<cursor, key: key, hasUppercase: uppercaseSeen != 0)
        }

        /// Reads a tag's name and attributes (HTML tokenizer rules) into `attributes`; nil when
        /// the input ends inside the tag, which browsers then ignore.
        static func readTag(
            in input: UnsafeBufferPointer<UInt8>, nameStart: Int, into attributes: inout FixedStack<AttributeToken>, paths: ParsePaths
        ) -> TagToken? {
            let bytes = input.baseAddress!
            let count = input.count
            let name = scanName(in: input, from: nameStart, stopsAtEquals: false, paths: paths)
            var cursor = name.range.upperBound
            attributes.removeAll()
            var isSelfClosing = false
            while cursor < count {
                let byte = bytes[cursor]
                if byte <= 0x20 {
                    cursor &+= 1
                    continue
                }
                if byte == UInt8(ascii: ">") {
                    return TagToken(name: name, end: cursor + 1, isSelfClosing: isSelfClosing)
                }
                if byte == UInt8(ascii: "/") {
                    cursor &+= 1
                    isSelfClosing = cursor < count && bytes[cursor] == UInt8(ascii: ">")
                    continue
                }
                isSelfClosing = false
                let attributeName = scanName(in: input, from: cursor, stopsAtEquals: true, paths: paths)
                cursor = attributeName.range.upperBound
                var lookahead = cursor
                while lookahead < count, bytes[lookahead] <= 0x20 { lookahead &+= 1 }
                guard lookahead < count, bytes[lookahead] == UInt8(ascii: "=") else {
                    attributes.append(AttributeToken(name: attributeName, value: nil, quote: 0))
                    continue
                }
                cursor = lookahead + 1
                while cursor < count, bytes[cursor] <= 0x20 { cursor &+= 1 }
                guard cursor < count else { return nil }
                let quote = bytes[cursor]
                if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    let valueStart = cursor + 1
                    guard let found = memchr(input.baseAddress! + valueStart, Int32(quote), count - valueStart) else { return nil }
                    cursor = valueStart + (UnsafeRawPointer(found) - UnsafeRawPointer(input.baseAddress! + valueStart))
                    attributes.append(AttributeToken(name: attributeName, value: valueStart..<cursor, quote: quote))
                    cursor &+= 1
                } else {
                    let valueStart = cursor
                    while cursor < count, bytes[cursor] > 0x20, bytes[cursor] != UInt8(ascii: ">") { cursor &+= 1 }
                    attributes.append(AttributeToken(name: attributeName, value: valueStart..<cursor, quote: 0))
                }
            }
            return nil
        }
    }
}
