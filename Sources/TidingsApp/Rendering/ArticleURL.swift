import FeedModel

/// One address of an article, numbered as the article view numbers it: the links and images of
/// its text first (`[1]`, `[image 2: alt]`), then its enclosures (the header's `Attachment:`
/// lines).
///
/// The URL view lists them; typing a number and Enter in the article view opens the same one.
public struct ArticleURL: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case link
        case image
        /// A media file attached to the article, with its MIME type when the feed gave one: it
        /// opens with the `player` option when set.
        case enclosure(type: String?)
    }

    public var number: Int
    public var url: String
    public var kind: Kind

    public init(number: Int, url: String, kind: Kind) {
        self.number = number
        self.url = url
        self.kind = kind
    }

    /// Every address of an article whose text is `body` and whose enclosures are `enclosures`.
    public static func all(in body: ArticleBody, enclosures: [Enclosure]) -> [ArticleURL] {
        let links = body.links.enumerated().map { index, url in
            ArticleURL(number: index + 1, url: url, kind: body.imageNumbers.contains(index + 1) ? .image : .link)
        }
        let attached = enclosures.enumerated().map { index, enclosure in
            ArticleURL(number: links.count + index + 1, url: enclosure.url, kind: .enclosure(type: enclosure.type))
        }
        return links + attached
    }

    /// What the URL view shows before the address.
    public var label: String {
        switch kind {
        case .link: return "link"
        case .image: return "image"
        case .enclosure(let type?): return "enclosure (\(type))"
        case .enclosure(nil): return "enclosure"
        }
    }

    public var isEnclosure: Bool {
        if case .enclosure = kind { return true }
        return false
    }
}
