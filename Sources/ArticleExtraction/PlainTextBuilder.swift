/// Accumulates plain text with paragraph and line breaks that are asked for but written only
/// when more text follows, so that empty elements and trailing blocks leave no blank lines.
struct PlainTextBuilder {
    private var out: [UInt8] = []
    /// Line feeds to write before the next text: 1 for a line break, 2 for a paragraph.
    private var pendingBreak = 0
    private var pendingSpace = false
    private var pendingCellSeparator = false
    private var atLineStart = true

    mutating func requestBreak(_ lines: Int) {
        pendingBreak = max(pendingBreak, lines)
    }

    /// `<br>`: a line break, and two in a row make a paragraph break.
    mutating func lineBreak() {
        pendingBreak = pendingBreak >= 1 ? 2 : 1
    }

    /// A space before the next text, unless it starts a line.
    mutating func requestSpace() {
        pendingSpace = true
    }

    mutating func requestCellSeparator() {
        pendingCellSeparator = true
    }

    mutating func append(_ text: String, preformatted: Bool) {
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            // DEL and the C1 controls (U+0080–U+009F: 0xC2 0x80–0x9F) must not reach a terminal,
            // which may read U+009B as the start of an escape sequence.
            if byte == 0x7F { continue }
            if byte == 0xC2, index < bytes.count, bytes[index] < 0xA0 {
                index += 1
                continue
            }
            if byte == 0x0D { continue }
            if !preformatted, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C {
                pendingSpace = true
                continue
            }
            if preformatted, byte == 0x0A {
                flushBreaks()
                // The line feed that opens a `pre` after a paragraph break adds nothing.
                if atLineStart, out.count >= 2, out[out.count - 1] == 0x0A, out[out.count - 2] == 0x0A { continue }
                out.append(0x0A)
                atLineStart = true
                continue
            }
            if byte < 0x20, byte != 0x09 { continue }
            flushBreaks()
            if pendingCellSeparator, !atLineStart {
                out.append(0x09)
            } else if pendingSpace, !atLineStart, !preformatted {
                out.append(0x20)
            }
            pendingCellSeparator = false
            pendingSpace = false
            out.append(byte)
            atLineStart = false
        }
    }

    private mutating func flushBreaks() {
        guard pendingBreak > 0 else { return }
        if !out.isEmpty {
            while let last = out.last, last == 0x20 || last == 0x09 || last == 0x0A { out.removeLast() }
            out.append(contentsOf: repeatElement(0x0A, count: pendingBreak))
            atLineStart = true
        }
        pendingBreak = 0
        pendingSpace = false
        pendingCellSeparator = false
    }

    /// The text, without trailing white space.
    mutating func finish() -> String {
        while let last = out.last, last == 0x20 || last == 0x09 || last == 0x0A { out.removeLast() }
        return String(decoding: out, as: UTF8.self)
    }
}
