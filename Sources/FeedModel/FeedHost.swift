import Foundation

/// The host a feed's downloads go to, lower-cased: what the fetcher counts connections by and
/// what a `429 Too Many Requests` holds for. Nil for sources on this machine (`file://`,
/// `exec:`), which have none.
///
///     FeedHost.of("https://Example.org/feed")            // "example.org"
///     FeedHost.of("filter:~/clean.sh:https://b.org/x")  // "b.org"
public enum FeedHost {
    public static func of(_ location: String) -> String? {
        var text = location.trimmingCharacters(in: .whitespaces)
        if text.lowercased().hasPrefix("filter:") {
            // filter:COMMAND:URL — the command ends at the first colon, as in newsboat.
            let rest = text.dropFirst("filter:".count)
            guard let colon = rest.firstIndex(of: ":") else { return nil }
            text = String(rest[rest.index(after: colon)...])
        }
        let lowered = text.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else { return nil }
        return URL(string: text)?.host?.lowercased()
    }
}
