import Configuration
import FeedStore
import TerminalUI

/// The inline previews of an item list: the first lines of each expanded item's text, rendered
/// as the article view renders it and wrapped to the list's width.
///
/// Each item's text is read from the cache (off the main thread: "loading…" until it arrives)
/// and rendered once, the first time it is previewed; its wrapped lines are kept for the last
/// width and line limit asked (`prepare`), so a frame costs no read and no HTML parsing.
struct ItemPreviews: Sendable {
    /// Columns a preview is indented by, under its title.
    static let indent = 2

    private var bodies: [ItemID: ArticleBody] = [:]
    private var requested: Set<ItemID> = []
    /// Items whose text is to be read again (see `markStale`).
    private var stale: Set<ItemID> = []
    private var wrapped: [ItemID: Wrapped] = [:]

    private struct Wrapped: Sendable {
        var width: Int
        var limit: Int
        var lines: [StyledText]
    }

    /// Makes sure the previews of `ids` are ready for a list `width` columns wide, at most `limit`
    /// lines each: returns the reads of the texts not read yet, for `screen`.
    mutating func prepare(_ ids: [ItemID], width: Int, limit: Int, textWidth: Int, screen: ScreenID) -> [ReaderEffect] {
        var effects: [ReaderEffect] = []
        for id in ids {
            // A stale text is asked for again; the old one shows until the new one arrives.
            if (bodies[id] == nil || stale.contains(id)) && !requested.contains(id) {
                requested.insert(id)
                stale.remove(id)
                effects.append(.read(PreviewQuery(item: id), route: PreviewTicket(screen: screen, item: id)))
            }
            guard let body = bodies[id] else { continue }
            if let cached = wrapped[id], cached.width == width, cached.limit == max(1, limit) { continue }
            wrapped[id] = Wrapped(width: width, limit: max(1, limit), lines: Self.layout(body, width: Self.wrapWidth(width, textWidth), limit: max(1, limit)))
        }
        return effects
    }

    /// The preview of item `id` as last prepared: the text's first lines, indented, with a dim
    /// `…` as the last line when the text goes on; "loading…" until its text arrives.
    func lines(for id: ItemID) -> [StyledText] {
        wrapped[id]?.lines ?? [StyledText(String(repeating: " ", count: Self.indent)) + StyledText("loading…", style: .dim)]
    }

    /// Takes an item's text as read (or a stand-in saying it is gone).
    mutating func take(_ result: StoreResult<ArticleBody>, of id: ItemID) {
        requested.remove(id)
        bodies[id] = (try? result.get()) ?? Self.body(of: nil)
        wrapped[id] = nil
    }

    /// Notes that the items' text may have changed (a reload): each preview is read again the
    /// next time it is shown, and shows its old text until the new one arrives.
    mutating func markStale() {
        stale = Set(bodies.keys)
    }

    static func body(of stored: StoredItem?) -> ArticleBody {
        guard let stored else {
            return ArticleBody(blocks: [.line(TextView.Line(StyledText("(this article is no longer in the cache)", style: .dim)))])
        }
        let html = start(of: stored.item.content ?? stored.item.summary ?? "")
        return HTMLTextRenderer.render(html, baseURL: stored.item.link, listsLinks: false)
    }

    /// Most HTML read for a preview: far more than a third of a screen needs, and a hostile
    /// multi-megabyte item costs no more than this.
    static let maximumHTMLBytes = 64 * 1024

    /// `html` cut to ``maximumHTMLBytes`` at a character boundary.
    private static func start(of html: String) -> String {
        guard html.utf8.count > maximumHTMLBytes else { return html }
        let bytes = Array(html.utf8.prefix(maximumHTMLBytes + 1))
        var count = maximumHTMLBytes
        while count > 0 && bytes[count] & 0xC0 == 0x80 { count -= 1 }
        return String(decoding: bytes[..<count], as: UTF8.self)
    }

    /// The width previews wrap at: the list's, less the indent, and `text-width` at most.
    private static func wrapWidth(_ width: Int, _ textWidth: Int) -> Int {
        let wrapWidth = max(1, width - indent)
        return textWidth > 0 ? min(wrapWidth, textWidth) : wrapWidth
    }

    /// The body's first lines at `wrapWidth`, blank lines at either end left out.
    private static func layout(_ body: ArticleBody, width wrapWidth: Int, limit: Int) -> [StyledText] {
        var lines = body.lines(width: wrapWidth)
        while lines.first?.text.plainText.allSatisfy(\.isWhitespace) == true { lines.removeFirst() }
        while lines.last?.text.plainText.allSatisfy(\.isWhitespace) == true { lines.removeLast() }
        if lines.isEmpty { lines = [TextView.Line(StyledText("(no text)", style: .dim))] }
        let margin = StyledText(String(repeating: " ", count: indent))
        var result: [StyledText] = []
        for line in lines {
            let rows = line.text.isEmpty ? [StyledText()] : line.text.wrapped(width: wrapWidth, continuationIndent: line.continuationIndent)
            for row in rows {
                if result.count == limit {
                    result[limit - 1] = margin + StyledText("…", style: .dim)
                    return result
                }
                result.append(margin + row)
            }
        }
        return result
    }
}
