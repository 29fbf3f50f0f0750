import FeedModel

/// One address of an article, numbered as the article view numbers it: the links, images, videos
/// and audio of its text first (`[1]`, `[image 2: alt]`, `[video 3: caption]`), then its
/// enclosures (the header's `Attachment:` lines).
///
/// The URL view lists them; typing a number and Enter in the article view opens the same one.
public struct ArticleURL: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case link
        case image
        /// A video or audio of the text (`video`, `audio`), or one of their tracks (`captions`,
        /// `subtitles`…); video and audio open with the `player` option when it is set.
        case media(String)
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
            let number = index + 1
            let kind: Kind = body.imageNumbers.contains(number) ? .image : body.mediaKinds[number].map { .media($0) } ?? .link
            return ArticleURL(number: number, url: url, kind: kind)
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
        case .media(let name): return name
        case .enclosure(let type?): return "enclosure (\(type))"
        case .enclosure(nil): return "enclosure"
        }
    }

    /// Whether Enter opens it with the `player` option (when set): an enclosure, a video or an
    /// audio; links, images and tracks go to the browser.
    public var opensWithPlayer: Bool {
        switch kind {
        case .enclosure: return true
        case .media(let name): return name == ArticleMedia.Kind.video.rawValue || name == ArticleMedia.Kind.audio.rawValue
        case .link, .image: return false
        }
    }
}
