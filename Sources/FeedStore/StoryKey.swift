import Foundation

/// What makes two articles of different feeds one story: the same link once the parts that do
/// not name the page are taken away, or the same title once case and punctuation are.
///
/// ```swift
/// StoryKey.link("https://www.example.org/a/?utm_source=rss&id=3#top")  // "example.org/a?id=3"
/// StoryKey.link("http://example.org/a?id=3&fbclid=x")                 // "example.org/a?id=3"
/// StoryKey.title("Rust 1.80 Released!")                               // "rust 1 80 released"
/// ```
///
/// The store keeps a 64-bit digest of each (`digest`), computed as an article is prepared for
/// storing (`PreparedFeed`), and looks the digests up in indexes when it arrives.
enum StoryKey {
    /// Query parameters that track where a reader came from rather than name the page.
    static let trackingParameters: Set<String> = [
        "fbclid", "gclid", "dclid", "gbraid", "wbraid", "msclkid", "yclid", "twclid", "igshid", "mc_cid", "mc_eid",
        "ref", "ref_src", "ref_url", "_hsenc", "_hsmi", "mkt_tok", "oly_anon_id", "oly_enc_id", "vero_id", "cmpid",
    ]

    /// The link without its scheme (`http` and `https` are one), `www.`, default port, user,
    /// fragment, trailing slashes and tracking parameters (`utm_*` and `trackingParameters`),
    /// the host in lower case and the remaining parameters sorted; nil for no link. A link that
    /// is not http(s) is kept whole.
    static func link(_ link: String?) -> String? {
        guard let link = link?.trimmingCharacters(in: .whitespacesAndNewlines), !link.isEmpty else { return nil }
        guard let schemeEnd = link.range(of: "://"),
              ["http", "https"].contains(link[..<schemeEnd.lowerBound].lowercased())
        else { return link }
        var rest = link[schemeEnd.upperBound...]
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        var query: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        var host = rest[..<slash].lowercased()
        var path = rest[slash...]
        if let at = host.lastIndex(of: "@") { host = String(host[host.index(after: at)...]) }
        for port in [":80", ":443"] where host.hasSuffix(port) { host.removeLast(port.count) }
        if host.hasPrefix("www.") { host.removeFirst(4) }
        while path.hasSuffix("/") { path = path.dropLast() }
        let parameters = query.split(separator: "&").filter { parameter in
            let name = (parameter.split(separator: "=", maxSplits: 1).first ?? "").lowercased()
            return !name.isEmpty && !name.hasPrefix("utm_") && !trackingParameters.contains(name)
        }.sorted()
        return host + path + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
    }

    /// Words a title needs for its text alone to make a story: "Update" or "Weekly links" from two
    /// feeds on the same day are not the same story.
    static let minimumTitleWords = 3

    /// The title's words — letters and digits, case and diacritics folded away — one space
    /// apart; nil when it has fewer than `minimumTitleWords`.
    static func title(_ title: String?) -> String? {
        guard let title, !title.isEmpty else { return nil }
        let folded = ListText.folded(title)
        var words: [Substring] = []
        for word in folded.split(whereSeparator: { !$0.isLetter && !$0.isNumber }) { words.append(word) }
        guard words.count >= minimumTitleWords else { return nil }
        return words.joined(separator: " ")
    }

    /// The key as the store keeps it (FNV-1a 64, as a signed SQLite integer).
    static func digest(_ key: String?) -> Int64? {
        key.map { Int64(bitPattern: ItemKey.digest($0)) }
    }

    /// How far apart two articles' dates may be for their titles alone to make them one story.
    static let titleWindow: TimeInterval = 48 * 3600
}
