/// Writes the plain text of ``PlainHTMLText`` into a byte buffer, one run of ordinary bytes at a
/// time: only a character reference, white space to collapse or a character to space out is
/// looked at one character at a time.
struct PlainTextWriter {
    /// The smallest lead byte of a character at U+3000 or above (every unspaced-script character).
    static let highLeadByte: UInt8 = 0xE3
    private static let space = UInt8(ascii: " ")
    private static let ampersand = UInt8(ascii: "&")

    let options: PlainHTMLText.Options
    private var output: [UInt8] = []
    /// Characters written (for the limit).
    private var count = 0
    private var pendingSpace = false
    /// True once the character limit is reached: nothing more is written.
    private(set) var isFull = false

    init(options: PlainHTMLText.Options, capacity: Int) {
        self.options = options
        output.reserveCapacity(options.characterLimit.map { min(capacity, 4 * $0 + 4) } ?? capacity + capacity / 4)
    }

    /// Text from between tags: character references are decoded.
    mutating func appendHTMLText(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(bytes, decodesReferences: true)
    }

    /// Text that holds no markup: written as it is, but for spacing out and collapsing.
    mutating func appendLiteral(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(bytes, decodesReferences: false)
    }

    /// Where two blocks meet: a space between their words.
    mutating func appendBoundary() {
        if options.collapsesWhitespace {
            pendingSpace = count > 0
        } else {
            output.append(Self.space)
        }
    }

    func finish() -> String {
        String(decoding: output, as: UTF8.self)
    }

    // MARK: - Writing

    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, decodesReferences: Bool) {
        var index = 0
        while index < bytes.count && !isFull {
            let runStart = index
            while index < bytes.count && isOrdinary(bytes[index], decodesReferences: decodesReferences) { index += 1 }
            if index > runStart { appendRun(UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
            guard index < bytes.count && !isFull else { return }
            if decodesReferences && bytes[index] == Self.ampersand {
                var decoded: [UInt8] = []
                if let reference = CharacterReference.decode(in: bytes, at: index, inAttribute: false, into: &decoded) {
                    decoded.withUnsafeBufferPointer { appendScalars($0) }
                    index = reference.end
                } else {
                    appendScalar(UInt32(Self.ampersand), bytes: UnsafeBufferPointer(rebasing: bytes[index..<(index + 1)]))
                    index += 1
                }
            } else {
                index = appendScalar(at: index, in: bytes)
            }
        }
    }

    /// Bytes copied as they are. With a limit, only ASCII is (so that a byte is a character).
    private func isOrdinary(_ byte: UInt8, decodesReferences: Bool) -> Bool {
        if byte == Self.ampersand { return !decodesReferences }
        if options.collapsesWhitespace { return byte > 0x20 && byte < 0x7F }
        if options.characterLimit != nil { return byte < 0x80 }
        if options.segmentsUnspacedScripts { return byte < Self.highLeadByte }
        return true
    }

    private mutating func appendRun(_ run: UnsafeBufferPointer<UInt8>) {
        guard startCharacter() else { return }
        guard let limit = options.characterLimit else {
            output.append(contentsOf: run)
            count += run.count
            return
        }
        let room = limit - count
        if run.count <= room {
            output.append(contentsOf: run)
            count += run.count
        } else {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: run[..<room]))
            count = limit
            markFull()
        }
    }

    /// Writes the scalars of the UTF-8 in `bytes`, one by one.
    private mutating func appendScalars(_ bytes: UnsafeBufferPointer<UInt8>) {
        var index = 0
        while index < bytes.count && !isFull { index = appendScalar(at: index, in: bytes) }
    }

    /// Writes the character whose UTF-8 starts at `index`; returns the index after it.
    private mutating func appendScalar(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let lead = bytes[index]
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        let end = min(bytes.count, index + length)
        var value = length == 1 ? UInt32(lead) : UInt32(lead) & (0x7F >> UInt32(length))
        for position in (index + 1)..<max(index + 1, end) {
            value = value << 6 | UInt32(bytes[position] & 0x3F)
        }
        appendScalar(value, bytes: UnsafeBufferPointer(rebasing: bytes[index..<end]))
        return end
    }

    private mutating func appendScalar(_ value: UInt32, bytes: UnsafeBufferPointer<UInt8>) {
        if options.collapsesWhitespace && Self.isBlank(value) {
            pendingSpace = count > 0
            return
        }
        guard startCharacter() else { return }
        let isSpaced = options.segmentsUnspacedScripts && PlainHTMLText.isUnspacedScript(value)
        if isSpaced { output.append(Self.space) }
        output.append(contentsOf: bytes)
        if isSpaced { output.append(Self.space) }
        count += 1
    }

    /// Before a character: writes the pending space, or `…` when the limit is reached (the `…`
    /// stands for the space too); false when nothing more may be written.
    private mutating func startCharacter() -> Bool {
        if let limit = options.characterLimit, count + (pendingSpace ? 1 : 0) >= limit {
            markFull()
            return false
        }
        if pendingSpace {
            output.append(Self.space)
            count += 1
            pendingSpace = false
        }
        return true
    }

    private mutating func markFull() {
        isFull = true
        output.append(contentsOf: "…".utf8)
    }

    /// White space, control characters and the no-break space: what collapses to one space.
    private static func isBlank(_ value: UInt32) -> Bool {
        if value < 0x21 || (0x7F...0xA0).contains(value) { return true }
        return value > 0xA0 && Unicode.Scalar(value)?.properties.isWhitespace == true
    }
}
