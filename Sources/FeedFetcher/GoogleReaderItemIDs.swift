import Foundation

/// A Google Reader server's item ids as the 64-bit ids the cache keeps, and back.
///
/// Most servers number their items: FreshRSS, Miniflux, Inoreader and BazQux list them in
/// decimal (`1795802282591051`) and write the long form with 16 hex digits
/// (`tag:google.com,2005:reader/item/00066163d4d1b74b`): both read into the same 64 bits, and a
/// request sends the decimal. The Old Reader names them with BSON ObjectIds, 24 hex digits
/// (`5e86e4b1f7bbac0c1d000014`, and `tag:…/item/5e86…` in the items), which 64 bits cannot hold:
/// such an id becomes its first 4 bytes (the second it was made, so that ids still rise with
/// arrival) followed by 31 bits of an FNV-1a hash of the whole id, and the id itself is
/// remembered for the requests that name it. Any other spelling is hashed the same way, without
/// the time.
///
///     let ids = GoogleReaderItemIDs()
///     ids.id("1795802282591051")              // 1795802282591051
///     ids.id("5e86e4b1f7bbac0c1d000014")      // 0x5e86e4b1 << 31 | hash
///     ids.text(ids.id("5e86e4b1f7bbac0c1d000014")!)  // "5e86e4b1f7bbac0c1d000014"
///
/// Two ObjectIds of one second share the 31 hash bits once in about 2³¹ pairs; the cache would
/// then take them for one article. Thread-safe.
final class GoogleReaderItemIDs: @unchecked Sendable {
    /// Whether the server is known to name its items before any is read (The Old Reader).
    private let namedFromStart: Bool
    private let lock = NSLock()
    /// The ids that are not numbers, as the server spells them (under `lock`).
    private var names: [Int64: String] = [:]

    /// - Parameter named: the server is known to name its items (`urls-source "oldreader"`).
    init(named: Bool = false) {
        namedFromStart = named
    }

    /// True when the server names its items: known from the start, or an id that is not a number
    /// was read.
    var namesItems: Bool {
        lock.lock()
        defer { lock.unlock() }
        return namedFromStart || !names.isEmpty
    }

    /// The 64-bit id of an item id in any spelling; nil for an empty one.
    func id(_ text: String?) -> Int64? {
        guard var text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        let longPrefix = "tag:google.com,2005:reader/item/"
        let isLongForm = text.hasPrefix(longPrefix)
        if isLongForm { text.removeFirst(longPrefix.count) }
        if isLongForm, text.count == 16, let bits = UInt64(text, radix: 16) { return Int64(bitPattern: bits) }
        if !isLongForm, text.utf8.count <= 20, let number = UInt64(text) { return Int64(bitPattern: number) }
        let id = GoogleReaderItemIDs.named(text)
        lock.lock()
        names[id] = text
        lock.unlock()
        return id
    }

    /// How requests name the item `id`: the server's own name when it is not a number, else the
    /// decimal; nil for a named item this process has not read (see `namesItems`).
    func text(_ id: Int64) -> String? {
        lock.lock()
        let name = names[id]
        let named = namedFromStart || !names.isEmpty
        lock.unlock()
        if let name { return name }
        return named ? nil : String(UInt64(bitPattern: id))
    }

    /// The id of an item named by a text that is not a number: an ObjectId's seconds and a hash.
    static func named(_ text: String) -> Int64 {
        // FNV-1a, 64 bits: the same in every process, unlike `Hasher`.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.lowercased().utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        if text.count == 24, let seconds = UInt64(text.prefix(8), radix: 16), text.allSatisfy(\.isHexDigit) {
            return Int64(seconds << 31 | (hash & 0x7FFF_FFFF))
        }
        return Int64(bitPattern: hash & UInt64(Int64.max))
    }
}
