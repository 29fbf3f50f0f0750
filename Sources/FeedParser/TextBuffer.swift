/// The bytes of the field being read. libxml2 hands text over in many small pieces (it splits at
/// every entity), so they are gathered here and turned into one `String` when the field ends.
///
/// When a field holds child elements (Atom xhtml, or HTML that a feed forgot to escape) the buffer
/// switches to markup: the text so far is escaped and the children are written back as HTML.
struct TextBuffer {
    private(set) var bytes: [UInt8] = []
    private(set) var isMarkup = false
    private(set) var isTruncated = false
    let capacityLimit: Int

    init(capacityLimit: Int) {
        self.capacityLimit = capacityLimit
        bytes.reserveCapacity(16 << 10)
    }

    var isEmpty: Bool { bytes.isEmpty }

    mutating func reset() {
        bytes.removeAll(keepingCapacity: bytes.capacity <= 1 << 20)
        isMarkup = false
        isTruncated = false
    }

    /// Appends character data: as is for text, escaped once the buffer holds markup.
    mutating func appendText(_ text: UnsafeBufferPointer<UInt8>) {
        guard reserve(text.count) else { return }
        if isMarkup {
            appendEscaped(text, escapingQuotes: false)
        } else {
            bytes.append(contentsOf: text)
        }
    }

    /// Switches to markup; the text gathered so far is escaped so that it stays text.
    mutating func beginMarkup() {
        guard !isMarkup else { return }
        isMarkup = true
        guard bytes.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: ">") })
        else { return }
        let text = bytes
        bytes.removeAll(keepingCapacity: true)
        text.withUnsafeBufferPointer { appendEscaped($0, escapingQuotes: false) }
    }

    /// Appends literal markup (a tag written back by the parser).
    mutating func appendMarkup(_ ascii: StaticString) {
        guard reserve(ascii.utf8CodeUnitCount) else { return }
        ascii.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func appendMarkup(_ name: UnsafeBufferPointer<UInt8>) {
        guard reserve(name.count) else { return }
        bytes.append(contentsOf: name)
    }

    /// Appends an attribute value, escaped for a double-quoted attribute.
    mutating func appendAttributeValue(_ value: UnsafeBufferPointer<UInt8>) {
        guard reserve(value.count) else { return }
        appendEscaped(value, escapingQuotes: true)
    }

    /// The text, with any invalid UTF-8 repaired (a document that lies about its encoding still
    /// yields readable text).
    func string() -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    private mutating func reserve(_ count: Int) -> Bool {
        if bytes.count + count > capacityLimit {
            isTruncated = true
            return false
        }
        return true
    }

    private mutating func appendEscaped(_ text: UnsafeBufferPointer<UInt8>, escapingQuotes: Bool) {
        for byte in text {
            switch byte {
            case UInt8(ascii: "&"): bytes.append(contentsOf: [0x26, 0x61, 0x6D, 0x70, 0x3B])  // &amp;
            case UInt8(ascii: "<"): bytes.append(contentsOf: [0x26, 0x6C, 0x74, 0x3B])  // &lt;
            case UInt8(ascii: ">"): bytes.append(contentsOf: [0x26, 0x67, 0x74, 0x3B])  // &gt;
            case UInt8(ascii: "\"") where escapingQuotes: bytes.append(contentsOf: [0x26, 0x71, 0x75, 0x6F, 0x74, 0x3B])
            default: bytes.append(byte)
            }
        }
    }
}
