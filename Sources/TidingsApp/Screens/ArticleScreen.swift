import Configuration
import FeedFetcher
import FeedModel
import FeedStore
import Foundation
import ImageRendering
import TerminalUI

/// One article: a header (title, author, date, feed, link, attachments) and the body rendered
/// from its HTML, scrolled with the usual keys. Typing a link's number and Enter opens it; the
/// attachments (enclosures) are numbered after the links and open the same way. `x` shows the
/// full article fetched from the item's link instead of the feed's text, and back.
struct ArticleScreen: ReaderScreen, TypingScreen, ArticleShowing, JumpClosedScreen {
    let id: ScreenID
    private(set) var item: StoredItem
    /// The body shown: the feed's text, or the full article.
    private(set) var body: ArticleBody
    /// The links and images of the body shown, then the enclosures, numbered as shown.
    private(set) var urls: [ArticleURL] = []
    var view = TextView()
    private let feedText: Rendered
    /// The full article, once fetched (or read from the cache with the article).
    private var fullArticle: Rendered?
    /// True while the full article is shown in place of the feed's text.
    private(set) var showsFullArticle = false
    /// Digits typed so far of a link number.
    private(set) var typedNumber = ""
    /// True while the HTML source is shown instead of the text (`toggle-source-view`).
    private(set) var showsSource = false
    /// The column the lines of code (`pre`) are shown from: Right and Left scroll them sideways.
    private(set) var codeColumn = 0
    /// The words of the search the article was opened from, marked in its text
    /// (`search-highlight-colors`).
    private(set) var searchTerms: [String] = []
    /// What `/` looks for in the article, and where it is (ArticleScreen+Find.swift).
    var finding: ArticleFind?
    /// Where to open the text, at its first layout: where the reader left it last time.
    private var openingPlace: FeedStore.ReadingPlace?
    /// The unread and total articles of the article's feed, for `itemview-title-format`'s `%u`
    /// and `%t` (given by the reader, which lists the feed; followed as the article is marked).
    var feedCounts: ItemCounts?
    /// What the text was last laid out for: laid out again only when this changes.
    private var laidOut: LayoutInputs?
    /// Bumped when something the layout shows changes without its inputs telling (a picture
    /// ready, the full article shown).
    private var version = 0
    /// The width the text is laid out at (`text-width`, or the area's).
    private(set) var textColumns = 0

    // Pictures (ArticleScreen+Pictures.swift).
    /// False once `i` hid the pictures: their labels stand in the text.
    var showsImages = true
    /// Each picture asked for (for a size and protocol): being drawn, drawn, or refused.
    var pictures: [ImageRequest: PictureState] = [:]
    /// The picture request of each of the body's images at the last layout (nil: not drawn).
    var pictureRequests: [ImageRequest?] = []
    /// Where the drawn pictures stand in the view's lines, at the last layout.
    var pictureLines: [(picture: ArticleBody.PictureLine, firstLine: Int, indent: Int)] = []

    /// An article's body rendered from its HTML, and how much of the HTML was left out.
    struct Rendered: Sendable {
        var body: ArticleBody
        /// KB of HTML beyond ``maximumHTMLBytes``, not shown; nil when all of it is.
        var restKilobytes: Int?
        /// The HTML rendered (cut as the text is), for `toggle-source-view`.
        var sourceHTML = ""
        /// Why `html-renderer` gave no text (Tidings' own renderer was used instead).
        var rendererFailure: String?
    }

    /// What a layout depends on.
    private struct LayoutInputs: Equatable {
        var width: Int
        var height: Int
        var theme: Theme
        var highlights: Highlights
        var searchStyle: Style
        var imageProtocol: ImageProtocolChoice
        var imageMaxHeight: Int
        var cellSize: CellSize
        var timeZone: TimeZone
        var version: Int
    }

    /// An article whose body was rendered already (off the main thread, by the reader), with
    /// its full article when the cache has one, shown first when `showsFullArticle`.
    init(id: ScreenID, item: StoredItem, rendered: Rendered, fullArticle: Rendered? = nil, showsFullArticle: Bool = false) {
        self.id = id
        self.item = item
        feedText = rendered
        self.fullArticle = fullArticle
        self.showsFullArticle = showsFullArticle && fullArticle != nil
        body = (self.showsFullArticle ? fullArticle ?? rendered : rendered).body
        urls = ArticleURL.all(in: body, enclosures: item.item.enclosures)
    }

    var keyContext: KeyMap.Context { .article }

    /// The header lines: labelled fields, then a rule; attachments numbered after the body's links.
    private func header(_ context: ScreenContext) -> [TextView.Line] {
        Self.header(for: item, timeZone: context.timeZone, labelStyle: context.theme.articleHeader, firstEnclosureNumber: body.links.count + 1)
    }

    // MARK: - Layout

    mutating func layout(in area: Rect, _ context: ScreenContext) -> [ReaderEffect] {
        let textWidth = context.config[\.textWidth]
        textColumns = textWidth > 0 && textWidth < area.width ? textWidth : area.width
        let inputs = LayoutInputs(
            width: textColumns, height: area.height, theme: context.theme, highlights: context.config.highlights,
            searchStyle: searchStyle(context), imageProtocol: context.imageProtocol, imageMaxHeight: context.config[\.imageMaxHeight],
            cellSize: context.cellSize, timeZone: context.timeZone, version: version)
        var effects: [ReaderEffect] = []
        if inputs != laidOut {
            laidOut = inputs
            effects = layOut(width: textColumns, height: area.height, context)
        }
        view.layout(width: textColumns, height: area.height)
        return effects
    }

    /// Lays the body out again for `width` × `height` (tables, `pre` lines and pictures depend on
    /// it); returns the pictures to have drawn.
    private mutating func layOut(width: Int, height: Int, _ context: ScreenContext) -> [ReaderEffect] {
        pictureLines = []
        let shown = showsFullArticle ? fullArticle ?? feedText : feedText
        var lines = header(context)
        if showsSource {
            view.setLines(lines + sourceLines(of: shown, context))
            return []
        }
        if showsFullArticle {
            lines += [TextView.Line(StyledText("[Full article, from its page. x: the feed's text]", style: .dim)), TextView.Line("")]
        }
        // `color article` is the text's own look; links and emphasis keep theirs over it.
        let article = context.theme.article
        let bodyStart = lines.count
        let (rows, requested) = pictureRows(width: width, height: height, context)
        let (bodyLines, drawn) = body.lines(width: width, codeColumn: codeColumn, pictureRows: rows)
        pictureLines = drawn.map { ($0, bodyStart + $0.line, pictureIndent(of: $0.image)) }
        lines += bodyLines.map { line in
            TextView.Line(StyledText(runs: line.text.runs.map { StyledText.Run($0.text, style: article.overlaid(with: $0.style)) }),
                          continuationIndent: line.continuationIndent)
        }
        if let rest = shown.restKilobytes {
            lines += [TextView.Line(""), TextView.Line(StyledText("[The rest of this article, \(rest) KB, is not shown here: o opens it in the browser.]", style: .dim))]
        }
        // `highlight article` lines colour what they match, line by line, once per layout.
        let highlights = context.config.highlights
        let search = SearchHighlight(terms: searchTerms + (finding.map { [$0.text] } ?? []), style: searchStyle(context))
        let laidOut = lines.map { line in
            TextView.Line(search.styled(highlights.styled(line.text, in: .article)), continuationIndent: line.continuationIndent)
        }
        // A picture that became ready (or went) above the top moves the text under it: the line
        // that was at the top stays there.
        if let place = openingPlace {
            // The line left at the top, found by its text near where it was (the text may be laid
            // out otherwise now), else by its number.
            openingPlace = nil
            let texts = laidOut.map(\.text.plainText)
            let found = texts.indices.filter { texts[$0] == place.anchor }.min { abs($0 - place.line) < abs($1 - place.line) }
            view.setLines(laidOut, showingLine: min(found ?? place.line, max(0, laidOut.count - 1)))
        } else if view.offset > 0, let anchor = Self.anchor(in: view.lines, from: view.firstVisibleLine),
           let index = Self.index(of: anchor, in: laidOut) {
            view.setLines(laidOut, showingLine: index - anchor.distance)
        } else {
            view.setLines(laidOut)
        }
        refindAfterLayout()
        return requested.map { .picture($0) }
    }

    /// `search-highlight-colors`: how the search's words look.
    private func searchStyle(_ context: ScreenContext) -> Style {
        context.config.searchHighlightStyle
    }

    /// The first line with text at or after logical line `start`: its text, which of the lines
    /// with that text it is, and how many lines after `start` it is.
    private static func anchor(in lines: [TextView.Line], from start: Int) -> (text: StyledText, ordinal: Int, distance: Int)? {
        guard let index = lines.indices.dropFirst(start).first(where: { !lines[$0].text.isEmpty }) else { return nil }
        let text = lines[index].text
        return (text, lines[..<index].count { $0.text == text }, index - start)
    }

    /// Where `anchor`'s line is in `lines`.
    private static func index(of anchor: (text: StyledText, ordinal: Int, distance: Int), in lines: [TextView.Line]) -> Int? {
        var seen = 0
        for (index, line) in lines.enumerated() where line.text == anchor.text {
            if seen == anchor.ordinal { return index }
            seen += 1
        }
        return nil
    }

    /// The HTML the shown text was rendered from, line by line, as it is stored (sanitised by the
    /// parser; drawn through the grid, which shows control characters as placeholders).
    private func sourceLines(of shown: Rendered, _ context: ScreenContext) -> [TextView.Line] {
        let hint = context.key(for: .toggleSourceView, in: .article).map { "\($0): " } ?? ""
        var lines = [TextView.Line(StyledText("[HTML source. \(hint)the text again]", style: .dim)), TextView.Line("")]
        lines += shown.sourceHTML.split(separator: "\n", omittingEmptySubsequences: false).map { TextView.Line(StyledText(String($0))) }
        if let rest = shown.restKilobytes {
            lines += [TextView.Line(""), TextView.Line(StyledText("[The rest of the source, \(rest) KB, is not shown here.]", style: .dim))]
        }
        return lines
    }

    /// Marks `terms` wherever the text holds them: the article was opened from a search's results.
    /// Opens the text at `place`, where the reader left it (applied at the first layout).
    mutating func open(at place: FeedStore.ReadingPlace) {
        openingPlace = place
    }

    /// Where the reader is in the text, to come back to: nil at the top or at the end (read to
    /// the end, or not begun: nothing to keep).
    var readingPlace: FeedStore.ReadingPlace? {
        guard view.offset > 0, !view.isAtEnd, view.lines.indices.contains(view.firstVisibleLine) else { return nil }
        return FeedStore.ReadingPlace(line: view.firstVisibleLine, anchor: view.lines[view.firstVisibleLine].text.plainText)
    }

    mutating func highlightSearch(_ terms: [String]) {
        searchTerms = terms
        version += 1
    }

    /// Lays the text out again at the next layout (a picture arrived, pictures hidden or shown).
    mutating func relayOut() {
        version += 1
    }

    /// Whether the full article is at hand (shown or not), so that `x` needs no fetch.
    var hasFullArticle: Bool { fullArticle != nil }

    /// Shows the full article instead of the feed's text, or the feed's text again, from the top.
    private mutating func show(fullArticle isShown: Bool) {
        showsFullArticle = isShown && fullArticle != nil
        body = (showsFullArticle ? fullArticle ?? feedText : feedText).body
        urls = ArticleURL.all(in: body, enclosures: item.item.enclosures)
        version += 1
        typedNumber = ""
        codeColumn = 0
        _ = view.handleNavigationKey(.home)
    }

    /// Takes the full article fetched for this article; shows it when `show` is true (the user
    /// asked for it with `x`), else keeps it for the next `x`.
    mutating func takeFullArticle(_ article: FullArticle, ofItem id: ItemID, show: Bool) -> Bool {
        guard id == item.id else { return false }
        fullArticle = article.rendered
        if show { self.show(fullArticle: true) }
        return true
    }

    // MARK: - Rendering the HTML

    /// Renders the article's HTML, cut to ``maximumHTMLBytes``: the costly part of opening it.
    static func render(_ item: StoredItem, _ rendering: ArticleRendering) -> Rendered {
        var html = item.item.content ?? item.item.summary ?? ""
        // newsboat's `always-display-description`: the description too, after the content.
        if rendering.alwaysDisplaysDescription, let content = item.item.content, let summary = item.item.summary,
           !content.isEmpty, !summary.isEmpty, summary != content {
            html = content + "<hr>" + summary
        }
        return render(html: html, baseURL: item.item.link, rendering)
    }

    /// Renders an article body (the feed's, or a full article) cut to ``maximumHTMLBytes``.
    static func render(html: String, baseURL: String?, _ rendering: ArticleRendering) -> Rendered {
        let shown = bounded(html)
        var body = HTMLTextRenderer.render(shown, baseURL: baseURL, linkStyle: rendering.linkStyle)
        var failure: String?
        if let renderer = rendering.htmlRenderer {
            switch ExternalHTMLRenderer.render(shown, with: renderer) {
            case .success(let text): body = ExternalHTMLRenderer.body(fromText: text, links: body.links, imageNumbers: body.imageNumbers)
            case .failure(let problem): failure = problem.reason
            }
        }
        let rest = shown.utf8.count < html.utf8.count ? (html.utf8.count - shown.utf8.count + 1023) / 1024 : nil
        return Rendered(body: body, restKilobytes: rest, sourceHTML: shown, rendererFailure: failure)
    }

    /// Most HTML an article view lays out (a hundred pages or so); a longer body is cut, so that
    /// a hostile multi-megabyte item costs no more memory or time than this.
    static let maximumHTMLBytes = 512 * 1024

    /// `html` cut to ``maximumHTMLBytes`` at a character boundary.
    static func bounded(_ html: String) -> String {
        guard html.utf8.count > maximumHTMLBytes else { return html }
        let bytes = Array(html.utf8.prefix(maximumHTMLBytes + 1))
        var count = maximumHTMLBytes
        // Step back over UTF-8 continuation bytes so no scalar is split.
        while count > 0 && bytes[count] & 0xC0 == 0x80 { count -= 1 }
        return String(decoding: bytes[..<count], as: UTF8.self)
    }

    // MARK: - Title and drawing

    /// What the title bar and the URL view call `item`.
    static func title(of item: StoredItem) -> String {
        item.item.title.flatMap { $0.isEmpty ? nil : $0 } ?? "(untitled)"
    }

    func title(_ context: ScreenContext) -> ScreenTitle {
        if let formatted = context.formattedTitle(.itemViewTitle, [
            "T": Self.title(of: item), "F": item.feedName.text,
            "u": feedCounts.map { String($0.unread) } ?? "", "t": feedCounts.map { String($0.total) } ?? "",
        ]) {
            return ScreenTitle(left: formatted.left, right: formatted.right, fill: formatted.fill)
        }
        guard context.config[\.displayArticleProgress], let progress else { return ScreenTitle(left: Self.title(of: item), right: item.feedName.text) }
        return ScreenTitle(left: Self.title(of: item), right: item.feedName.text + "  " + progress)
    }

    /// newsboat's `display-article-progress`: `Top`, `Bottom`, or how much of the text has been
    /// seen (`42%`); nil before the first layout.
    var progress: String? {
        guard view.visibleRows > 0 else { return nil }
        if view.offset == 0 { return "Top" }
        if view.isAtEnd { return "Bottom" }
        return "\(100 * (view.offset + view.visibleRows) / max(1, view.rowCount))%"
    }

    func render(into grid: inout CellGrid, in area: Rect, _ context: ScreenContext) -> Position? {
        var textArea = area
        if textColumns < area.width {
            grid.fill(area)
            textArea.width = textColumns
        }
        view.draw(into: &grid, in: textArea)
        drawBlockPictures(into: &grid, in: textArea)
        return nil
    }

    // MARK: - What the reader asks

    func shownState(ofItem id: ItemID, _ marks: PendingMarks) -> ItemState? {
        id == item.id ? ItemState(feedID: item.feedID, isRead: item.isRead, isStarred: item.isStarred, flags: item.flags,
                                    title: item.item.title) : nil
    }

    /// Notes a change of marks made elsewhere (the header does not show them).
    mutating func noteMark(_ mark: ItemMark) {
        let wasRead = item.isRead
        switch mark {
        case .read(let id, _, let isRead, _) where id == item.id: item.isRead = isRead
        case .starred(let id, let isStarred, _) where id == item.id: item.isStarred = isStarred
        case .flags(let id, let others, let isStarred, _) where id == item.id:
            item.flags = others
            item.isStarred = isStarred
        case .feedRead(let feed, _) where feed == item.feedID:
            item.isRead = true
            feedCounts?.unread = 0
            return
        case .queryRead(_, _, _, _, let shown) where shown.contains(item.id): item.isRead = true
        default: break
        }
        if wasRead != item.isRead, let counts = feedCounts {
            feedCounts?.unread = max(0, counts.unread + (item.isRead ? -1 : 1))
        }
    }

    /// An article screen goes when `n`/`p` jump to another article.
    func closesWhenJumping(toFeed feed: FeedID) -> Bool { true }

    // MARK: - Keys

    /// Digits type a link's number; Enter, Backspace and Esc finish it. Right scrolls lines of
    /// code wider than the text sideways, and Left brings them back.
    func takesTyped(_ key: Key, _ context: ScreenContext) -> Bool {
        if key == .right && canScrollCode && context.keyMap.command(for: key, in: .article) == nil { return true }
        if key == .left && codeColumn > 0 { return true }
        if case .character(let character) = key, character.wholeNumberValue != nil, character.isASCII { return true }
        return !typedNumber.isEmpty
    }

    mutating func handleTyped(_ key: Key, _ context: ScreenContext) -> ScreenResponse {
        if case .character(let character) = key, let digit = character.wholeNumberValue, character.isASCII {
            typedNumber = String((typedNumber + String(digit)).suffix(6))
            return .status("Open link \(typedNumber) (Enter opens, Esc cancels)")
        }
        if !typedNumber.isEmpty {
            switch key {
            case .enter:
                let number = Int(typedNumber) ?? 0
                typedNumber = ""
                return .intent(Self.open(number, of: urls))
            case .backspace:
                typedNumber.removeLast()
                return .status(typedNumber.isEmpty ? "" : "Open link \(typedNumber) (Enter opens, Esc cancels)")
            case .escape:
                typedNumber = ""
                return .status("")
            default:
                // Any other key ends the number and does what it does.
                typedNumber = ""
                guard let command = context.keyMap.command(for: key, in: .article) else { return .none }
                return handle(command, context)
            }
        }
        if key == .right { scrollCode(forward: true) }
        if key == .left { scrollCode(forward: false) }
        return .none
    }

    mutating func handle(_ command: KeyCommand, _ context: ScreenContext) -> ScreenResponse {
        switch command {
        case .up: view.scroll(by: -1)
        case .down: view.scroll(by: 1)
        case .pageUp: _ = view.handleNavigationKey(.pageUp)
        case .pageDown: _ = view.handleNavigationKey(.pageDown)
        case .home: _ = view.handleNavigationKey(.home)
        case .end: _ = view.handleNavigationKey(.end)
        case .halfPageUp: view.scroll(by: -max(1, view.visibleRows / 2))
        case .halfPageDown: view.scroll(by: max(1, view.visibleRows / 2))
        case .back where finding != nil: return .status(endFind())
        case .back: return .intent(.back)
        case .nextUnread where finding != nil: return .status(moveFind(forward: true))
        case .toggleRead where finding != nil: return .status(moveFind(forward: false))
        case .quit, .quitAll: return .intent(.quit)
        case .openInBrowser: return link { .openInBrowser($0) }
        case .openInBrowserNoninteractively: return link { .openInBrowserNoninteractively($0) }
        case .openInBrowserAndMarkRead: return link { .openInBrowserAndMarkRead($0, item.id) }
        case .toggleRead: return .intent(.toggleRead(item.id))
        case .toggleStarred: return .intent(.toggleStarred(item.id))
        case .editFlags: return .intent(.editFlags(item.id))
        case .deleteArticle: return .intent(.deleteArticle(item.id))
        case .reload: return .intent(.reloadFeed(item.feedID))
        case .reloadAll: return .intent(.reloadAll)
        case .nextUnread: return .intent(.nextUnread(from: item.id))
        case .previousUnread: return .intent(.previousUnread(from: item.id))
        case .nextArticle: return .intent(.openAdjacentArticle(item.id, forward: true))
        case .previousArticle: return .intent(.openAdjacentArticle(item.id, forward: false))
        case .help: return .intent(.showHelp)
        case .search: return .intent(.findInArticle)
        case .fetchFullArticle:
            if fullArticle != nil {
                show(fullArticle: !showsFullArticle)
                return .status(showsFullArticle ? "The full article from its page (x: the feed's text)" : "The feed's text (x: the full article)")
            }
            guard let link = item.item.link else { return .status("This article has no link to fetch") }
            return .intent(.fetchFullArticle(item.id, link: link))
        case .showURLs: return .intent(.showURLs(urls, articleTitle: Self.title(of: item)))
        case .enqueue: return .intent(.enqueue(item))
        case .save: return .intent(.saveArticle(text(timeZone: context.timeZone)))
        case .pipeTo: return .intent(.pipeArticle(text(timeZone: context.timeZone)))
        case .gotoURL: return .intent(urls.isEmpty ? .status("This article has no links") : .askForURLNumber(urls))
        case .toggleImages: return .intent(toggleImages(context))
        case .toggleSourceView:
            showsSource.toggle()
            codeColumn = 0
            version += 1
            _ = view.handleNavigationKey(.home)
        case .articleFeed: return .intent(.showArticlesOfFeed(item.feedID, selecting: item.id))
        case .randomUnread: return .intent(.randomUnread)
        case .bookmark: return link { .bookmark(Bookmark(url: $0, title: item.item.title ?? "", feedTitle: item.feedName.text)) }
        default:
            if let number = command.openedURLNumber { return .intent(Self.open(number, of: urls)) }
        }
        return .none
    }

    /// The intent `open` makes of the article's link, or why it has none.
    private func link(_ open: (String) -> ReaderIntent) -> ScreenResponse {
        guard let link = item.item.link else { return .status("This article has no link") }
        return .intent(open(link))
    }

    /// Whether a line of code is wider than the text, so that it can be scrolled sideways.
    private var canScrollCode: Bool { !showsSource && textColumns > 0 && body.widestCodeLine > textColumns }

    /// Scrolls the lines of code sideways by half the text's width, as far as the widest one
    /// needs.
    private mutating func scrollCode(forward: Bool) {
        guard canScrollCode || (!forward && codeColumn > 0) else { return }
        // At the last column the end of the widest line shows whole, the `←` in place of its first.
        let last = max(0, body.widestCodeLine - textColumns)
        let step = max(1, textColumns / 2)
        codeColumn = forward ? min(last, codeColumn + step) : max(0, codeColumn - step)
        version += 1
    }

    /// Opens link `number` (from 1) of `urls`: in the browser, an enclosure, video or audio with
    /// the player.
    static func open(_ number: Int, of urls: [ArticleURL]) -> ReaderIntent {
        guard urls.indices.contains(number - 1) else {
            return .status(urls.isEmpty ? "This article has no links" : "No link \(number): links go from 1 to \(urls.count)")
        }
        let chosen = urls[number - 1]
        return chosen.opensWithPlayer ? .openEnclosure(chosen.url) : .openInBrowser(chosen.url)
    }

    /// The article as plain text, for `save` and `pipe-to`.
    func text(timeZone: TimeZone) -> ArticleText {
        ArticleText(item: item, body: body, timeZone: timeZone)
    }

    /// The header lines: labelled fields, then a rule. Attachments are numbered from
    /// `firstEnclosureNumber`, after the body's links, when it is given.
    static func header(for item: StoredItem, timeZone: TimeZone, labelStyle: Style, firstEnclosureNumber: Int? = nil) -> [TextView.Line] {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "EEE, d MMM yyyy HH:mm"
        var fields: [(String, String)] = [("Title", item.item.title ?? "(untitled)")]
        if let author = item.item.author, !author.isEmpty { fields.append(("Author", author)) }
        fields.append(("Date", formatter.string(from: item.date)))
        fields.append(("Feed", item.feedName.text))
        if !item.storyFeeds.isEmpty { fields.append(("Also in", item.storyFeeds.joined(separator: ", "))) }
        if let link = item.item.link { fields.append(("Link", link)) }
        for (index, enclosure) in item.item.enclosures.enumerated() {
            var detail = enclosure.url
            if let type = enclosure.type { detail += " (\(type))" }
            if let first = firstEnclosureNumber { detail += " [\(first + index)]" }
            fields.append(("Attachment", detail))
        }
        var lines = fields.map { label, value in
            let prefix = "\(label): "
            // A header field is a line or two; a hostile megabyte-long title is cut.
            let shown = value.count > 2_000 ? String(value.prefix(2_000)) + "…" : value
            return TextView.Line(StyledText(prefix, style: labelStyle) + StyledText(shown), continuationIndent: prefix.count)
        }
        lines.append(TextView.Line(""))
        return lines
    }
}
