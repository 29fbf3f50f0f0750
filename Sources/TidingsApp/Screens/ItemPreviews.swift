import Configuration
import FeedStore
import TerminalUI

/// The inline previews of an item list: the first lines of each expanded item's text, rendered
/// as the article view renders it and wrapped to the list's width.
///
/// Each item's text is read from the store (off the main thread: "loading…" until it arrives)
/// and rendered once, the first time it is previewed;
/// its wrapped lines are kept for the last width and line limit asked, so a frame costs no
/// store read and no HTML parsing. The cache lives as long as the list screen.
@MainActor
final class ItemPreviews {
    /// Columns a preview is indented by, under its title.
    nonisolated static let indent = 2

    private let storeView: StoreView
    private let textWidth: Int
    private var bodies: [ItemID: ArticleBody] = [:]
    private var requested: Set<ItemID> = []
    /// Items whose text is to be read again (see `markStale`).
    private var stale: Set<ItemID> = []
    private var wrapped: [ItemID: (width: Int, limit: Int, lines: [StyledText])] = [:]

    /// - Parameter textWidth: `text-width`: wrap at this many columns at most (0: the width).
    init(storeView: StoreView, textWidth: Int = 0) {
        self.storeView = storeView
        self.textWidth = textWidth
    }

    /// The preview of item `id` for a list `width` columns wide, at most `limit` lines (at
    /// least one): the text's first lines, indented, with a dim `…` as the last line when the
    /// text goes on.
    func lines(for id: ItemID, width: Int, limit: Int) -> [StyledText] {
        let limit = max(1, limit)
        // A stale text is asked for again; the old one shows until the new one arrives.
        if stale.contains(id) { _ = body(for: id) }
        if let cached = wrapped[id], cached.width == width, cached.limit == limit { return cached.lines }
        guard let body = body(for: id) else {
            return [StyledText(String(repeating: " ", count: Self.indent)) + StyledText("loading…", style: .dim)]
        }
        let lines = layout(body, width: wrapWidth(width), limit: limit)
        wrapped[id] = (width, limit, lines)
        return lines
    }

    /// Notes that the items' text may have changed (a reload): each preview is read again the
    /// next time it is shown, and shows its old text until the new one arrives.
    func markStale() {
        stale = Set(bodies.keys)
    }

    /// The item's text as the article view renders it, without the list of links that ends it
    /// (the `[1]` marks stay in the text); nil until it has been read.
    private func body(for id: ItemID) -> ArticleBody? {
        if let body = bodies[id], !stale.contains(id) { return body }
        guard !requested.contains(id) else { return bodies[id] }
        requested.insert(id)
        stale.remove(id)
        // The HTML is rendered off the main thread too.
        storeView.read(.previewBody(id)) { [weak self] answer in
            guard let self else { return }
            self.requested.remove(id)
            if case .previewBody(let body)? = answer { self.bodies[id] = body } else { self.bodies[id] = Self.body(of: nil) }
            self.wrapped[id] = nil
        }
        return bodies[id]
    }

    nonisolated static func body(of stored: StoredItem?) -> ArticleBody {
        guard let stored else {
            return ArticleBody(blocks: [.line(TextView.Line(StyledText("(this article is no longer in the cache)", style: .dim)))])
        }
        let html = start(of: stored.item.content ?? stored.item.summary ?? "")
        return HTMLTextRenderer.render(html, baseURL: stored.item.link, listsLinks: false)
    }

    /// Most HTML read for a preview: far more than a third of a screen needs, and a hostile
    /// multi-megabyte item costs no more than this.
    nonisolated static let maximumHTMLBytes = 64 * 1024

    /// `html` cut to ``maximumHTMLBytes`` at a character boundary.
    private nonisolated static func start(of html: String) -> String {
        guard html.utf8.count > maximumHTMLBytes else { return html }
        let bytes = Array(html.utf8.prefix(maximumHTMLBytes + 1))
        var count = maximumHTMLBytes
        while count > 0 && bytes[count] & 0xC0 == 0x80 { count -= 1 }
        return String(decoding: bytes[..<count], as: UTF8.self)
    }

    private func wrapWidth(_ width: Int) -> Int {
        let wrapWidth = max(1, width - Self.indent)
        return textWidth > 0 ? min(wrapWidth, textWidth) : wrapWidth
    }

    /// The body's first lines at `wrapWidth`, blank lines at either end left out.
    private func layout(_ body: ArticleBody, width wrapWidth: Int, limit: Int) -> [StyledText] {
        var lines = body.lines(width: wrapWidth)
        while lines.first?.text.plainText.allSatisfy(\.isWhitespace) == true { lines.removeFirst() }
        while lines.last?.text.plainText.allSatisfy(\.isWhitespace) == true { lines.removeLast() }
        if lines.isEmpty { lines = [TextView.Line(StyledText("(no text)", style: .dim))] }
        let margin = StyledText(String(repeating: " ", count: Self.indent))
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
