import CSAXText
import Foundation

/// The bytes of the field being read. libxml2 hands text over in many small pieces (it splits at
/// every entity), so they are gathered here and turned into one `String` when the field ends.
///
/// When a field holds child elements (Atom xhtml, or HTML that a feed forgot to escape) the buffer
/// switches to markup: the text so far is escaped and the children are written back as HTML.
///
/// The storage is raw memory copied with `memcpy`: this runs once per SAX callback, and generic
/// array appends are slow in unoptimised builds. The owner calls `release()` exactly once.
///
/// The storage, count and plain-text limit live in `shared`, a C struct, where the C `characters`
/// callback (`tidings_sax_characters`) appends most pieces of text itself.
struct TextBuffer {
    /// What the C callback reads and updates; see CSAXText.h.
    let shared: UnsafeMutablePointer<TidingsSAXText>
    private var storage: UnsafeMutablePointer<UInt8> {
        get { shared.pointee.storage.unsafelyUnwrapped }
        set { shared.pointee.storage = newValue }
    }
    private var capacity: Int {
        didSet { updatePlainTextLimit() }
    }
    private(set) var count: Int {
        get { shared.pointee.count }
        set { shared.pointee.count = newValue }
    }
    private(set) var isMarkup = false {
        didSet { updatePlainTextLimit() }
    }
    private(set) var isTruncated = false
    let capacityLimit: Int
    /// Whether the owner is gathering a field's text; set by the owner, read through
    /// `plainTextLimit` by the C callback.
    var acceptsText = false {
        didSet { updatePlainTextLimit() }
    }
    /// The count up to which text can be copied as it is: the capacity and the field limit, or 0
    /// in markup and when no text is wanted. One comparison instead of five on the path the C
    /// callback takes once per piece of text.
    private var plainTextLimit: Int {
        get { shared.pointee.plainTextLimit }
        set { shared.pointee.plainTextLimit = newValue }
    }

    init(capacityLimit: Int) {
        self.capacityLimit = capacityLimit
        capacity = 16 << 10
        shared = UnsafeMutablePointer<TidingsSAXText>.allocate(capacity: 1)
        shared.initialize(to: TidingsSAXText(
            storage: .allocate(capacity: capacity), count: 0, plainTextLimit: 0,
            slowPath: nil, owner: nil))
        updatePlainTextLimit()
    }

    private mutating func updatePlainTextLimit() {
        plainTextLimit = acceptsText && !isMarkup ? min(capacity, capacityLimit) : 0
    }

    /// Frees the storage; the buffer must not be used afterwards.
    func release() {
        storage.deallocate()
        shared.deallocate()
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
            storage = .allocate(capacity: capacity)
        }
    }

    /// Appends character data: as is for text, escaped once the buffer holds markup. Plain text
    /// that fits is appended by the C callback before it reaches Swift: this is the rest.
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
    func string(paths: ParsePaths) -> String {
        ValidatedUTF8.string(bytes, paths: paths)
    }

    /// False (and the field marked truncated) when `extra` more bytes would pass the field limit.
    private mutating func reserve(_ extra: Int) -> Bool {
        if count + extra > capacityLimit {
            isTruncated = true
            return false
        }
        return true
    }

    @inline(__always)
    private mutating func ensureCapacity(_ needed: Int) {
        if needed > capacity { grow(toHold: needed) }
    }

    @inline(never)
    private mutating func grow(toHold needed: Int) {
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
        if source.count <= 8 {
            // libxml2 hands every entity over as its own piece of a byte or two: not worth a call.
            for offset in 0..<source.count { storage[count + offset] = base[offset] }
        } else {
            memcpy(storage + count, base, source.count)
        }
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
