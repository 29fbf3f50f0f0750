import FeedParser
import Foundation
import HTMLText

/// The feeds a web page announces with `<link rel="alternate" type="application/rss+xml">` (or
/// Atom, or JSON Feed), as browsers and newsboat's peers discover them, so that `tidings add
/// https://blog.example.org/` finds the blog's feed.
///
///     FeedLinkDiscovery.feeds(in: page, at: URL(string: "https://blog.example.org/"))
///     // [FeedLink(url: "https://blog.example.org/feed.xml", title: "Posts")]
///
/// Only `<link>` elements are read (in `<head>` or not, as browsers do); relative addresses are
/// resolved against `<base href>` or the page's own address; the same feed listed twice counts
/// once. A page is hostile input: nothing but the address and the title is kept.
public enum FeedLinkDiscovery {
    /// One announced feed.
    public struct FeedLink: Sendable, Equatable {
        public var url: String
        /// The link's `title` attribute, if it has one.
        public var title: String?
    }

    /// The media types of feeds Tidings reads.
    static let feedTypes: Set<String> = [
        "application/rss+xml", "application/atom+xml", "application/feed+json", "application/json+feed",
        "application/rdf+xml",
    ]

    /// The feeds announced by the HTML page `bytes` served from `url`, in page order.
    public static func feeds(in bytes: Data, at url: URL?) -> [FeedLink] {
        var links: [FeedLink] = []
        var base = url
        bytes.withUnsafeBytes { raw in
            var tokenizer = HTMLTokenizer(raw.bindMemory(to: UInt8.self))
            while let token = tokenizer.next() {
                guard case .startTag(let tag) = token else { continue }
                if tag.element == .base, let href = tokenizer.attribute("href", of: tag),
                   let resolved = URLResolver.resolve(href, against: url).flatMap(URL.init(string:)) {
                    base = resolved
                }
                guard tag.element == .link,
                      let rel = tokenizer.attribute("rel", of: tag)?.lowercased(),
                      rel.split(whereSeparator: \.isWhitespace).contains("alternate"),
                      let type = tokenizer.attribute("type", of: tag)?.lowercased(),
                      feedTypes.contains(type.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""),
                      let href = tokenizer.attribute("href", of: tag),
                      let resolved = URLResolver.resolve(href, against: base),
                      ["http://", "https://"].contains(where: resolved.lowercased().hasPrefix)
                else { continue }
                let title = tokenizer.attribute("title", of: tag)?.trimmingCharacters(in: .whitespacesAndNewlines)
                if !links.contains(where: { $0.url == resolved }) {
                    links.append(FeedLink(url: resolved, title: title?.isEmpty == false ? title : nil))
                }
            }
        }
        return links
    }
}
