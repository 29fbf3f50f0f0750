import TerminalUI

/// An item's HTML as terminal text: styled lines ready for a `TextView`, and the links it
/// contains, numbered in order of appearance (`[1]` in the text is `links[0]`).
public struct ArticleBody: Hashable, Sendable {
    public var lines: [TextView.Line]
    /// Absolute URLs of the links, without duplicates.
    public var links: [String]

    public init(lines: [TextView.Line] = [], links: [String] = []) {
        self.lines = lines
        self.links = links
    }
}
