import Foundation

// SCAFFOLD: replaced wholesale by the dates work (RFC 822 variants, W3C-DTF, odd forms).
public enum FeedDate {
    /// Parses a date as feeds write it; nil when it cannot be read (never a guess).
    public static func parse(_ text: String) -> Date? {
        ISO8601DateFormatter().date(from: text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
