import FeedModel
import Foundation

/// The stable identity of an item within its feed.
///
/// The guid / atom:id when the feed gives one; otherwise the link; otherwise a digest of the
/// title and date. The digest is FNV-1a 64 written out here, not Swift's `Hasher`, which is
/// seeded randomly per process and would make every run see "new" items.
enum ItemKey {
    static func key(for item: Item) -> String {
        if let guid = nonBlank(item.id) { return guid }
        if let link = nonBlank(item.link) { return link }
        var material = (item.title ?? "") + "\u{1F}"
        if let date = item.published ?? item.updated {
            material += String(format: "%.3f", date.timeIntervalSince1970)
        }
        if nonBlank(item.title) == nil && item.published == nil && item.updated == nil {
            // Nothing identifies it but its text: use that rather than collapsing every such
            // item of the feed into one.
            material += "\u{1F}" + (item.summary ?? "") + "\u{1F}" + (item.content ?? "")
        }
        return "fnv1a64:" + hexDigest(material)
    }

    /// FNV-1a, 64-bit, over the UTF-8 bytes; lower-case hex, 16 digits.
    static func hexDigest(_ text: String) -> String {
        let hex = String(digest(text), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// FNV-1a, 64-bit, over the UTF-8 bytes.
    static func digest(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    private static func nonBlank(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        // Most guids have no surrounding space: skip Foundation's trimming, which costs more
        // than the rest of computing the key.
        if let first = text.first, let last = text.last, !first.isWhitespace, !last.isWhitespace {
            return text
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}
