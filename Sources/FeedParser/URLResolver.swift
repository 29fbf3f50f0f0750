import Foundation

// SCAFFOLD: replaced wholesale by the URL resolution work.
public enum URLResolver {
    /// The absolute form of `reference` resolved against `base`; nil when no absolute URL results.
    public static func resolve(_ reference: String, against base: URL?) -> String? {
        let trimmed = reference.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let url = URL(string: trimmed, relativeTo: base), url.scheme != nil else { return nil }
        return url.absoluteString
    }
}
