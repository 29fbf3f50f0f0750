import HTMLText
/// Plain text for fields that are shown as one line: titles, author names, categories.
///
/// Feeds put markup and entities in titles both on purpose (`AT&amp;T`, `<b>New</b>`) and by
/// double-escaping (`&amp;eacute;`). `fromHTML` decodes one level, like a browser showing the
/// field would, and removes what a terminal must never receive.
///
/// Choices:
/// - White space collapses to single spaces: ASCII white space, NEL, and the Unicode line and
///   paragraph separators. A no-break space (`&nbsp;`, U+00A0) and the other fixed-width spaces
///   are kept as they are, as established feed libraries do: they are deliberate (French
///   punctuation, `10&nbsp;km`) and the terminal shows them as spaces anyway.
/// - Control characters (C0 other than white space, DEL, C1) are removed.
/// - Block-level tags and `<br>` become a space so that `<p>a</p><p>b</p>` reads `a b`; inline
///   tags vanish so that `<b>H</b>ello` reads `Hello`. `script` and `style` lose their content.
public enum PlainText {
    /// `text` cut at a character to at most `cap` UTF-8 bytes, without the white space the cut
    /// may leave at its end. The field cap holds for the text a field becomes, which can outgrow
    /// the bytes it was read from: a byte that is not UTF-8 reads as U+FFFD, three bytes; names
    /// are composed and joined (found by fuzz-feed).
    static func cut(_ text: String, toUTF8Count cap: Int) -> String {
        guard text.utf8.count > cap else { return text }
        var end = text.startIndex
        var size = 0
        for index in text.indices {
            let next = text.index(after: index)
            size += text.utf8.distance(from: index, to: next)
            guard size <= cap else { break }
            end = next
        }
        return String(text[..<end]).trimmingSpaces()
    }

    /// Plain text from a field that may hold markup: entities decoded, tags stripped, whitespace
    /// collapsed.
    ///
    /// ```swift
    /// PlainText.fromHTML("  AT&amp;T <b>buys</b>&#32;T&eacute;l&eacute;com&hellip; ")  // "AT&T buys Télécom…"
    /// ```
    public static func fromHTML(_ html: String) -> String {
        fromHTML(html, paths: .fast)
    }

    /// The same, with the fast paths or without (`ParsePaths`).
    package static func fromHTML(_ html: String, paths: ParsePaths) -> String {
        var html = html
        let result: String? = html.withUTF8 { bytes in
            if paths.isFast, !mayHoldMarkup(bytes) { return isCollapsed(bytes) ? nil : collapse(bytes, paths: paths) }
            var text = [UInt8]()
            text.reserveCapacity(bytes.count)
            stripMarkup(bytes, into: &text)
            return text.withUnsafeBufferPointer { collapse($0, paths: paths) }
        }
        return result ?? html
    }

    /// Plain text from a field that may or may not be HTML (RSS titles, names, categories): read
    /// as HTML only when it looks like HTML, as Universal Feed Parser judges it; otherwise taken
    /// literally, whitespace collapsed.
    ///
    /// ```swift
    /// PlainText.fromMarkedText("Why Option<T> beats null")   // kept as written
    /// PlainText.fromMarkedText("<b>New</b> release")         // "New release"
    /// ```
    public static func fromMarkedText(_ text: String) -> String {
        fromMarkedText(text, paths: .fast)
    }

    /// The same, with the fast paths or without (`ParsePaths`).
    package static func fromMarkedText(_ text: String, paths: ParsePaths) -> String {
        // Most titles, names and categories hold neither `&` nor `<` and are collapsed already:
        // both are checked in one look at the bytes, and the text is returned as it is.
        var text = text
        if paths.isFast, text.withUTF8({ isCollapsed($0, rejectingMarkup: true) }) { return text }
        return looksLikeHTML(text, paths: paths) ? fromHTML(text, paths: paths) : collapsingWhitespace(text, paths: paths)
    }

    /// Whether the bytes hold `&` or `<`, without which nothing is markup or a reference.
    private static func mayHoldMarkup(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.contains { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") }
    }

    /// Whether text of unknown type reads as HTML: it holds an end tag or a character reference,
    /// and every tag in it names an HTML element. `Option<T>`, `Map<K, List<V>>` and
    /// `Ann <ann@example.org>` are text; `<b>New</b>` and `AT&amp;T` are HTML.
    public static func looksLikeHTML(_ text: String) -> Bool {
        looksLikeHTML(text, paths: .fast)
    }

    /// The same, with the fast paths or without (`ParsePaths`).
    package static func looksLikeHTML(_ text: String, paths: ParsePaths) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            // Most text holds neither `&` nor `<`; one tight loop says so.
            if paths.isFast, !mayHoldMarkup(bytes) { return false }
            let count = bytes.count
            var hasEndTagOrReference = false
            var decoded: [UInt8] = []
            var index = 0
            while index < count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "&") {
                    decoded.removeAll(keepingCapacity: true)
                    if CharacterReference.decode(in: bytes, at: index, inAttribute: false, into: &decoded) != nil {
                        hasEndTagOrReference = true
                    }
                } else if byte == UInt8(ascii: "<"), index + 1 < count {
                    let isEndTag = bytes[index + 1] == UInt8(ascii: "/")
                    let nameStart = index + (isEndTag ? 2 : 1)
                    if nameStart < count, (bytes[nameStart] | 0x20) &- UInt8(ascii: "a") < 26 {
                        var nameEnd = nameStart
                        while nameEnd < count, CharacterReference.isAlphanumeric(bytes[nameEnd]) { nameEnd += 1 }
                        guard isHTMLElement(bytes, nameStart..<nameEnd) else { return false }
                        if isEndTag { hasEndTagOrReference = true }
                        index = nameEnd
                        continue
                    }
                }
                index += 1
            }
            return hasEndTagOrReference
        }
    }

    private static func isHTMLElement(_ bytes: UnsafeBufferPointer<UInt8>, _ name: Range<Int>) -> Bool {
        if HTMLElement(name: UnsafeBufferPointer(rebasing: bytes[name])) != .other { return true }
        guard let key = HTMLSanitizer.NameKey(bytes, name) else { return false }
        return HTMLSanitizer.elementTable.value(for: key) != 0
    }

    /// Runs of white space become one space; leading and trailing white space is removed; control
    /// characters are removed. A no-break space is not white space here (see the type's notes).
    public static func collapsingWhitespace(_ text: String) -> String {
        collapsingWhitespace(text, paths: .fast)
    }

    /// The same, with the fast paths or without (`ParsePaths`).
    package static func collapsingWhitespace(_ text: String, paths: ParsePaths) -> String {
        var text = text
        let result: String? = text.withUTF8 { paths.isFast && isCollapsed($0) ? nil : collapse($0, paths: paths) }
        return result ?? text
    }

    /// True when `collapse` would return the text unchanged: single ASCII spaces between words,
    /// none at the ends, no other white space or control characters. Most titles are like this,
    /// and then no copy is made. With `rejectingMarkup`, also false for text holding `&` or `<`:
    /// `fromMarkedText` asks both in one pass.
    ///
    /// Eight bytes a step: a title has a space every few bytes, and a loop that looked at each
    /// byte mispredicted a branch at every one of them. The last step reads the last eight bytes,
    /// overlapping the step before (a byte read twice gets the same answer), and only the lead
    /// bytes of the few characters `collapse` changes (C2, E2) are looked at one by one.
    static func isCollapsed(_ bytes: UnsafeBufferPointer<UInt8>, rejectingMarkup: Bool = false) -> Bool {
        guard let base = bytes.baseAddress, let first = bytes.first, let last = bytes.last else { return true }
        guard first != 0x20, last != 0x20 else { return false }
        let count = bytes.count
        guard count >= 8 else { return isCollapsedByBytes(bytes, rejectingMarkup: rejectingMarkup) }
        let raw = UnsafeRawPointer(base)
        var previousIsSpace = false
        var index = 0
        while true {
            let start = min(index, count - 8)
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start, as: UInt64.self))
            let spaces = Self.bytesEqual(word, 0x20)
            // Below 0x21 (ASCII only) and not a space, DEL, and with `rejectingMarkup` `&` and `<`.
            var rejected = ~((word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x5F5F_5F5F_5F5F_5F5F) & ~word & 0x8080_8080_8080_8080 & ~spaces
            rejected |= Self.bytesEqual(word, 0x7F)
            if rejectingMarkup { rejected |= Self.bytesEqual(word, UInt8(ascii: "&")) | Self.bytesEqual(word, UInt8(ascii: "<")) }
            // A space ending the step before and one starting this step: an overlapping last step
            // holds both bytes itself.
            let spaceAfterSpace = start == index && previousIsSpace && spaces & 0x80 != 0
            if rejected != 0 || spaces & (spaces << 8) != 0 || spaceAfterSpace { return false }
            if word & 0x8080_8080_8080_8080 != 0 {
                var leads = Self.bytesEqual(word, 0xC2) | Self.bytesEqual(word, 0xE2)
                while leads != 0 {
                    if Self.beginsCharacterCollapseChanges(bytes, at: start + leads.trailingZeroBitCount >> 3) { return false }
                    leads &= leads &- 1
                }
            }
            if start + 8 == count { return true }
            previousIsSpace = spaces >> 63 != 0
            index = start + 8
        }
    }

    /// The same a byte at a time, for text shorter than eight bytes.
    private static func isCollapsedByBytes(_ bytes: UnsafeBufferPointer<UInt8>, rejectingMarkup: Bool) -> Bool {
        var previous: UInt8 = 0
        for index in 0..<bytes.count {
            let byte = bytes[index]
            if byte &- 0x21 < 0x7F - 0x21 {
                if rejectingMarkup, byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") { return false }
            } else if byte < 0x21 {
                guard byte == 0x20, previous != 0x20 else { return false }
            } else if beginsCharacterCollapseChanges(bytes, at: index) {
                return false
            }
            previous = byte
        }
        return true
    }

    /// True at DEL and at the first byte of NEL, a C1 control, or a line or paragraph separator:
    /// the characters from 0x7F up that `collapse` removes or turns into a space.
    @inline(__always)
    private static func beginsCharacterCollapseChanges(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        switch bytes[index] {
        case 0x7F:
            return true
        case 0xC2:
            return index + 1 < bytes.count && bytes[index + 1] &- 0x80 < 0x20  // NEL or a C1 control
        case 0xE2:
            return index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9)
        default:
            return false
        }
    }

    /// The high bit of each byte of `word` that equals `byte`, exactly (no borrow between bytes).
    @inline(__always)
    private static func bytesEqual(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let difference = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return ~(((difference & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | difference) & 0x8080_8080_8080_8080
    }

    private static func stripMarkup(_ bytes: UnsafeBufferPointer<UInt8>, into text: inout [UInt8]) {
        let count = bytes.count
        var index = 0
        var lastClosingAngle: Int?
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "&") {
                if let reference = CharacterReference.decode(in: bytes, at: index, inAttribute: false, into: &text) {
                    index = reference.end
                } else {
                    text.append(byte)
                    index += 1
                }
                continue
            }
            guard byte == UInt8(ascii: "<"), index + 1 < count else {
                text.append(byte)
                index += 1
                continue
            }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "!") {
                if lastClosingAngle == nil { lastClosingAngle = HTMLSanitizer.Tokenizer.lastClosingAngle(in: bytes) }
                if !HTMLSanitizer.Tokenizer.isMarkupDeclaration(in: bytes, at: index, lastClosingAngle: lastClosingAngle!) {
                    text.append(byte)
                    index += 1
                    continue
                }
            }
            if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
                index = endOfComment(bytes, from: index)
                continue
            }
            let isEndTag = next == UInt8(ascii: "/")
            let nameStart = index + (isEndTag ? 2 : 1)
            guard nameStart < count, (bytes[nameStart] | 0x20) &- UInt8(ascii: "a") < 26 else {
                text.append(byte)
                index += 1
                continue
            }
            var nameEnd = nameStart
            while nameEnd < count, CharacterReference.isAlphanumeric(bytes[nameEnd]) { nameEnd += 1 }
            let key = HTMLSanitizer.NameKey(bytes, nameStart..<nameEnd)
            index = endOfTag(bytes, from: nameEnd)
            guard let key else { continue }
            let kind = tagKinds.value(for: key)
            if !isEndTag, kind == rawTextKind {
                let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd]), as: UTF8.self).lowercased()
                index = endOfRawText(bytes, from: index, name: name)
                continue
            }
            if kind == blockKind { text.append(0x20) }
        }
    }

    private static let blockKind: UInt8 = 1
    private static let rawTextKind: UInt8 = 2

    /// Tags that separate words (block elements and `br`) and tags whose content is not text.
    private static let tagKinds: HTMLSanitizer.NameTable = {
        let blocks = [
            "br", "p", "div", "li", "ul", "ol", "dl", "dt", "dd", "tr", "td", "th", "table", "blockquote", "pre",
            "hr", "h1", "h2", "h3", "h4", "h5", "h6", "section", "article", "header", "footer", "figure", "figcaption",
        ]
        return HTMLSanitizer.NameTable(blocks.map { ($0, blockKind) } + [("script", rawTextKind), ("style", rawTextKind)])
    }()

    /// Index after the `>` closing a tag whose name ends at `index`, skipping quoted values.
    static func endOfTag(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        var index = index
        var quote: UInt8 = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: ">") {
                return index
            } else if byte == UInt8(ascii: "\""), index >= 2, bytes[index - 2] == UInt8(ascii: "=") || bytes[index - 2] <= 0x20 {
                quote = byte
            } else if byte == UInt8(ascii: "'"), index >= 2, bytes[index - 2] == UInt8(ascii: "=") || bytes[index - 2] <= 0x20 {
                quote = byte
            }
        }
        return bytes.count
    }

    /// Index after a `<!…>`, `<!--…-->` or `<?…>` starting at `index`.
    static func endOfComment(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        let count = bytes.count
        if index + 3 < count, bytes[index + 2] == UInt8(ascii: "-"), bytes[index + 3] == UInt8(ascii: "-") {
            var cursor = index + 4
            while cursor + 2 < count {
                if bytes[cursor] == UInt8(ascii: "-"), bytes[cursor + 1] == UInt8(ascii: "-"), bytes[cursor + 2] == UInt8(ascii: ">") {
                    return cursor + 3
                }
                cursor += 1
            }
            return count
        }
        var cursor = index + 2
        while cursor < count, bytes[cursor] != UInt8(ascii: ">") { cursor += 1 }
        return min(cursor + 1, count)
    }

    /// Index after the end tag `</name…>` of a raw-text element, or the end of the input.
    static func endOfRawText(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int, name: String) -> Int {
        let nameBytes = Array(name.utf8)
        let count = bytes.count
        var cursor = index
        while cursor + 1 + nameBytes.count < count {
            if bytes[cursor] == UInt8(ascii: "<"), bytes[cursor + 1] == UInt8(ascii: "/") {
                var matches = true
                for (offset, expected) in nameBytes.enumerated() where bytes[cursor + 2 + offset] | 0x20 != expected {
                    matches = false
                    break
                }
                let after = cursor + 2 + nameBytes.count
                if matches, after >= count || !CharacterReference.isAlphanumeric(bytes[after]) {
                    return endOfTag(bytes, from: after)
                }
            }
            cursor += 1
        }
        return count
    }

    /// Collapses white space and drops control characters in one pass over UTF-8.
    static func collapse(_ bytes: UnsafeBufferPointer<UInt8>, paths: ParsePaths) -> String {
        var out = [UInt8]()
        out.reserveCapacity(bytes.count)
        var pendingSpace = false
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            var isSpace = false
            var isControl = false
            var width = 1
            switch byte {
            case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20:
                isSpace = true
            case 0x00...0x1F, 0x7F:
                isControl = true
            case 0xC2 where index + 1 < count && bytes[index + 1] &- 0x80 < 0x20:
                // U+0080…U+009F: NEL (U+0085) is a line break, the rest are C1 controls.
                width = 2
                if bytes[index + 1] == 0x85 { isSpace = true } else { isControl = true }
            case 0xE2 where index + 2 < count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                width = 3  // U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR
                isSpace = true
            default:
                break
            }
            if isSpace {
                pendingSpace = !out.isEmpty
            } else if !isControl {
                if pendingSpace {
                    out.append(0x20)
                    pendingSpace = false
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<index + width]))
            }
            index += width
        }
        return ValidatedUTF8.string(out, paths: paths)
    }
}
