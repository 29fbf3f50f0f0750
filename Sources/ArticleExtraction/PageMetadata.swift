/// What a page says about itself outside its body text: titles and the base of its links.
struct PageMetadata: Equatable {
    /// The `<title>` element's text.
    var documentTitle: String?
    /// The title a `<meta>` gives (`og:title`, `twitter:title`, `dc.title`, `title`): usually the
    /// headline without the site's name.
    var metaTitle: String?
    /// The first `<base href>`.
    var baseHref: String?

    /// Records a `<meta>` element's title, keeping the most specific one seen.
    mutating func readMeta(property: String?, name: String?, content: String?) {
        guard let content, !content.allSatisfy(\.isWhitespace) else { return }
        let key = (property ?? name ?? "").lowercased()
        let rank: Int
        switch key {
        case "og:title": rank = 4
        case "twitter:title": rank = 3
        case "dc.title", "dcterms.title": rank = 2
        case "title", "headline": rank = 1
        default: return
        }
        if rank > metaTitleRank {
            metaTitle = content.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            metaTitleRank = rank
        }
    }

    private var metaTitleRank = 0
}
