import Foundation

/// The bytes of the field being read. libxml2 hands text over in many small pieces (it splits at
/// every entity), so they are gathered here and turned into one `String` when the field ends.
///
/// When a field holds child elements (Atom xhtml, or HTML that a feed forgot to escape) the buffer
/// switches to markup: the text so far is escaped and the children are written back as HTML.
///
/// The storage is raw memory copied with `memcpy`: this runs once per SAX callback, and generic
/// array appends are slow in unoptimised builds. The owner calls `release()` exactly once.
struct TextBuffer {
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0
    private(set) var isMarkup = false
    private(set) var isTruncated = false
    let capacityLimit: Int

    init(capacityLimit: Int) {
        self.capacityLimit = capacityLimit
        capacity = 16 << 10
        storage = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    }

    /// Frees the storage; the buffer must not be used afterwards.
    func release() {
        storage.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// The bytes gathered so far.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: storage, count: count) }

    mutating func reset() {
        count = 0
        isMarkup = false
        isTruncated = false
        if capacity > 1 << 20 {
            storage.deallocate()
            capacity = 16 << 10
            storage = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        }
    }

    /// Appends character data: as is for text, escaped once the buffer holds markup.
    mutating func appendText(_ text: UnsafeBufferPointer<UInt8>) {
        guard reserve(text.count) else { return }
        if isMarkup {
            appendEscaped(text, escapingQuotes: false)
        } else {
            copy(text)
        }
    }

    /// Switches to markup; the text gathered so far is escaped so that it stays text.
    mutating func beginMarkup() {
        guard !isMarkup else { return }
        isMarkup = true
        guard bytes.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: ">") })
        else { return }
        let text = Array(bytes)
        count = 0
        text.withUnsafeBufferPointer { appendEscaped($0, escapingQuotes: false) }
    }

    /// Appends literal markup (a tag written back by the parser).
    mutating func appendMarkup(_ ascii: StaticString) {
        guard reserve(ascii.utf8CodeUnitCount) else { return }
        ascii.withUTF8Buffer { copy($0) }
    }

    mutating func appendMarkup(_ name: UnsafeBufferPointer<UInt8>) {
        guard reserve(name.count) else { return }
        copy(name)
    }

    /// Appends an attribute value as libxml2 reports it, escaped for a double-quoted attribute.
    /// libxml2 (without entity substitution) hands `&amp;` over as `&#38;`: that is one `&`.
    mutating func appendAttributeValue(_ value: UnsafeBufferPointer<UInt8>) {
        guard reserve(value.count) else { return }
        var index = 0
        while index < value.count {
            let byte = value[index]
            if byte == UInt8(ascii: "&"), index + 4 < value.count, value[index + 1] == UInt8(ascii: "#"),
               value[index + 2] == UInt8(ascii: "3"), value[index + 3] == UInt8(ascii: "8"),
               value[index + 4] == UInt8(ascii: ";") {
                appendMarkup("&amp;")
                index += 5
                continue
            }
            appendEscaped(UnsafeBufferPointer(rebasing: value[index..<index + 1]), escapingQuotes: true)
            index += 1
        }
    }

    /// The text, with any invalid UTF-8 repaired (a document that lies about its encoding still
    /// yields readable text).
    func string() -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// False (and the field marked truncated) when `extra` more bytes would pass the field limit.
    private mutating func reserve(_ extra: Int) -> Bool {
        if count + extra > capacityLimit {
            isTruncated = true
            return false
        }
        return true
    }

    private mutating func ensureCapacity(_ needed: Int) {
        guard needed > capacity else { return }
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: storage, count: count)
        storage.deallocate()
        storage = grown
        capacity = newCapacity
    }

    private mutating func copy(_ source: UnsafeBufferPointer<UInt8>) {
        guard let base = source.baseAddress, source.count > 0 else { return }
        ensureCapacity(count + source.count)
        memcpy(storage + count, base, source.count)
        count += source.count
    }

    private mutating func append(_ byte: UInt8) {
        ensureCapacity(count + 1)
        storage[count] = byte
        count += 1
    }

    private mutating func appendEscaped(_ text: UnsafeBufferPointer<UInt8>, escapingQuotes: Bool) {
        for byte in text {
            switch byte {
            case UInt8(ascii: "&"): appendMarkup("&amp;")
            case UInt8(ascii: "<"): appendMarkup("&lt;")
            case UInt8(ascii: ">"): appendMarkup("&gt;")
            case UInt8(ascii: "\"") where escapingQuotes: appendMarkup("&quot;")
            default: append(byte)
            }
        }
    }
}
