import Foundation

/// The server a feed's downloads go to, as `host` or `host:port` (lower-cased, the port only when
/// the URL names one): what a `429 Too Many Requests` holds for. Two servers on one machine,
/// on two ports, are two servers. Nil for sources on this machine (`file://`, `exec:`).
///
///     FeedHost.of("https://Example.org/feed")            // "example.org"
///     FeedHost.of("http://127.0.0.1:8080/a.xml")         // "127.0.0.1:8080"
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
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://"), let url = URL(string: text),
              let host = url.host?.lowercased(), !host.isEmpty
        else { return nil }
        return url.port.map { "\(host):\($0)" } ?? host
    }
}
