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
    /// Whether the owner is gathering a field's text; set by the owner, read by `appendPlainText`.
    var acceptsText = false {
        didSet { updatePlainTextLimit() }
    }
    /// The count up to which text can be copied as it is: the capacity and the field limit, or 0
    /// in markup and when no text is wanted. One comparison instead of five on the path taken
    /// once per SAX callback.
    private var plainTextLimit: Int {
        get { shared.pointee.plainTextLimit }
        set { shared.pointee.plainTextLimit = newValue }
    }

    init(capacityLimit: Int) {
        self.capacityLimit = capacityLimit
        capacity = 16 << 10
        shared = UnsafeMutablePointer<TidingsSAXText>.allocate(capacity: 1)
        shared.initialize(to: TidingsSAXText(
            storage: UnsafeMutablePointer<UInt8>.allocate(capacity: capacity), count: 0, plainTextLimit: 0,
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
            storage = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        }
    }

    /// Appends character data: as is for text, escaped once the buffer holds markup.
    mutating func appendText(_ text: UnsafeBufferPointer<UInt8>) {
        guard let source = text.baseAddress, appendPlainText(source, count: text.count) else {
            return appendTextSlowly(text)
        }
    }

    /// Appends a piece of plain text when text is wanted (`acceptsText`), the buffer is not in
    /// markup and the piece fits, all in one comparison; false, having done nothing, otherwise.
    /// What `tidings_sax_characters` does in C for most pieces before they reach Swift.
    @inline(__always)
    mutating func appendPlainText(_ source: UnsafePointer<UInt8>, count pieceCount: Int) -> Bool {
        let newCount = count &+ pieceCount
        guard newCount <= plainTextLimit, pieceCount > 0 else { return false }
        let destination = storage + count
        count = newCount
        if pieceCount == 1 {
            // Every entity (`&lt;`, `&quot;`) arrives as its own one-byte piece.
            destination.pointee = source.pointee
        } else if pieceCount <= 16 {
            Self.copyShort(source, to: destination, count: pieceCount)
        } else {
            memcpy(destination, source, pieceCount)
        }
        return true
    }

    /// Copies 1 to 16 bytes with two loads and two stores, overlapping in the middle: libxml2
    /// hands every entity over as its own piece of a byte or two, and neither a call to
    /// `memcpy` nor a byte loop is worth it for those.
    @inline(__always)
    private static func copyShort(_ source: UnsafePointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>, count: Int) {
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(destination)
        if count >= 8 {
            let head = from.loadUnaligned(as: UInt64.self)
            let tail = from.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: count &- 8, as: UInt64.self)
        } else if count >= 4 {
            let head = from.loadUnaligned(as: UInt32.self)
            let tail = from.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: count &- 4, as: UInt32.self)
        } else if count > 0 {
            // The first, middle and last bytes cover one to three.
            destination[0] = source[0]
            destination[count >> 1] = source[count >> 1]
            destination[count &- 1] = source[count &- 1]
        }
    }

    @inline(never)
    private mutating func appendTextSlowly(_ text: UnsafeBufferPointer<UInt8>) {
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
        ValidatedUTF8.string(bytes)
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
