import Configuration
import FeedFetcher
import FeedStore
import Foundation
import ImageRendering
import TerminalUI

/// One article: a header (title, author, date, feed, link, attachments) and the body rendered
/// from its HTML, scrolled with the usual keys. Typing a link's number and Enter opens it; the
/// attachments (enclosures) are numbered after the links and open the same way. `x` shows the
/// full article fetched from the item's link instead of the feed's text, and back.
@MainActor
public final class ArticleScreen: ReaderScreen, TypingScreen, ArticleShowing, JumpClosedScreen {
    public private(set) var item: StoredItem
    /// The body shown: the feed's text, or the full article.
    public private(set) var body: ArticleBody
    /// The links and images of the body shown, then the enclosures, numbered as shown.
    public private(set) var urls: [ArticleURL]
    var view: TextView
    private var header: [TextView.Line]
    var laidOutWidth = -1
    /// Rows of the text at the last layout (pictures are at most half of them by default).
    private var laidOutHeight = -1
    private let feedText: Rendered
    /// The full article, once fetched (or read from the cache with the article).
    private var fullArticle: Rendered?
    /// True while the full article is shown in place of the feed's text.
    public private(set) var showsFullArticle = false
    /// Digits typed so far of a link number.
    public private(set) var typedNumber = ""
    /// True while the HTML source is shown instead of the text (`toggle-source-view`).
    public private(set) var showsSource = false
    /// The column the lines of code (`pre`) are shown from: Right and Left scroll them sideways.
    public private(set) var codeColumn = 0
    /// Columns of the text at the last layout.
    private var textColumns = 0
    /// The words of the search the article was opened from, marked in its text
    /// (`search-highlight-colors`).
    public private(set) var searchTerms: [String] = []

    // Pictures (ArticleScreen+Pictures.swift).
    /// False once `i` hid the pictures: their labels stand in the text.
    public internal(set) var showsImages = true
    /// The pixels of a cell of the terminal, which pictures are sized for.
    public var cellSize = CellSize.typical
    /// Each picture asked for (for a size and protocol): being drawn, drawn, or refused.
    var pictures: [ImageRequest: PictureState] = [:]
    /// Pictures to have drawn, taken by the reader after each frame.
    var requestedPictures: [ImageRequest] = []
    /// The picture request of each of the body's images at the last layout (nil: not drawn).
    var pictureRequests: [ImageRequest?] = []
    /// Where the drawn pictures stand in the view's lines, at the last layout.
    var pictureLines: [(picture: ArticleBody.PictureLine, firstLine: Int, indent: Int)] = []
    /// The pictures over the text as last drawn, for the terminal to place.
    public internal(set) var imagePlacements: [ImagePlacement] = []

    private(set) var preferences: ReaderPreferences
    private var textWidth: Int { preferences.textWidth }

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

    public convenience init(item: StoredItem, preferences: ReaderPreferences = ReaderPreferences()) {
        self.init(item: item, rendered: Self.render(item, preferences: preferences), preferences: preferences)
    }

    /// An article whose body was rendered already (off the main thread, by the reader), with
    /// its full article when the cache has one, shown first when `showsFullArticle`.
    init(item: StoredItem, rendered: Rendered, fullArticle: Rendered? = nil, showsFullArticle: Bool = false, preferences: ReaderPreferences) {
        self.item = item
        self.preferences = preferences
        feedText = rendered
        self.fullArticle = fullArticle
        self.showsFullArticle = showsFullArticle && fullArticle != nil
        body = (self.showsFullArticle ? fullArticle ?? rendered : rendered).body
        urls = []
        header = []
        view = TextView()
        numberLinks()
    }

    /// Numbers the shown body's links, then the enclosures after them, in the header too.
    private func numberLinks() {
        urls = ArticleURL.all(in: body, enclosures: item.item.enclosures)
        header = Self.header(
            for: item, timeZone: preferences.timeZone, labelStyle: preferences.theme.articleHeader,
            firstEnclosureNumber: body.links.count + 1)
    }

    /// Lays the body out again when the size changed (tables, `pre` lines and pictures depend on
    /// it) or a picture is ready.
    private func layOut(width: Int, height: Int) {
        guard width != laidOutWidth || height != laidOutHeight else { return }
        laidOutWidth = width
        laidOutHeight = height
        textColumns = width
        pictureLines = []
        let shown = showsFullArticle ? fullArticle ?? feedText : feedText
        var lines = header
        if showsSource {
            view.setLines(lines + sourceLines(of: shown))
            return
        }
        if showsFullArticle {
            lines += [TextView.Line(StyledText("[Full article, from its page. x: the feed's text]", style: .dim)), TextView.Line("")]
        }
        // `color article` is the text's own look; links and emphasis keep theirs over it.
        let article = preferences.theme.article
        let bodyStart = lines.count
        let (bodyLines, drawn) = body.lines(width: width, codeColumn: codeColumn, pictureRows: pictureRows(width: width, height: height))
        pictureLines = drawn.map { ($0, bodyStart + $0.line, pictureIndent(of: $0.image)) }
        lines += bodyLines.map { line in
            TextView.Line(StyledText(runs: line.text.runs.map { StyledText.Run($0.text, style: article.overlaid(with: $0.style)) }),
                          continuationIndent: line.continuationIndent)
        }
        if let rest = shown.restKilobytes {
            lines += [TextView.Line(""), TextView.Line(StyledText("[The rest of this article, \(rest) KB, is not shown here: o opens it in the browser.]", style: .dim))]
        }
        // `highlight article` lines colour what they match, line by line, once per layout.
        let highlights = preferences.highlights
        let search = SearchHighlight(terms: searchTerms, style: preferences.searchHighlightStyle)
        let laidOut = lines.map { line in
            TextView.Line(search.styled(highlights.styled(line.text, in: .article)), continuationIndent: line.continuationIndent)
        }
        // A picture that became ready (or went) above the top moves the text under it: the line
        // that was at the top stays there.
        if view.offset > 0, let anchor = Self.anchor(in: view.lines, from: view.firstVisibleLine),
           let index = Self.index(of: anchor, in: laidOut) {
            view.setLines(laidOut, showingLine: index - anchor.distance)
        } else {
            view.setLines(laidOut)
        }
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
    private func sourceLines(of shown: Rendered) -> [TextView.Line] {
        var lines = [TextView.Line(StyledText("[HTML source. \(sourceViewKeyHint)the text again]", style: .dim)), TextView.Line("")]
        lines += shown.sourceHTML.split(separator: "\n", omittingEmptySubsequences: false).map { TextView.Line(StyledText(String($0))) }
        if let rest = shown.restKilobytes {
            lines += [TextView.Line(""), TextView.Line(StyledText("[The rest of the source, \(rest) KB, is not shown here.]", style: .dim))]
        }
        return lines
    }

    /// The key of `toggle-source-view`, for the source's first line.
    private var sourceViewKeyHint: String {
        preferences.keyMap.bindings(for: .article).first { $0.command == .toggleSourceView }?.keys.first.map { "\($0): " } ?? ""
    }

    /// Marks `terms` wherever the text holds them: the article was opened from a search's results.
    func highlightSearch(_ terms: [String]) {
        searchTerms = terms
        laidOutWidth = -1
    }

    /// Whether the full article is at hand (shown or not), so that `x` needs no fetch.
    public var hasFullArticle: Bool { fullArticle != nil }

    /// Shows the full article instead of the feed's text, or the feed's text again, from the top.
    private func show(fullArticle isShown: Bool) {
        showsFullArticle = isShown && fullArticle != nil
        body = (showsFullArticle ? fullArticle ?? feedText : feedText).body
        numberLinks()
        laidOutWidth = -1
        typedNumber = ""
        codeColumn = 0
        _ = view.handleNavigationKey(.home)
    }

    /// Takes preferences changed while the reader runs (`:set`, `:source`): the text is laid out
    /// again (width, highlights), keeping the place.
    func takePreferences(_ preferences: ReaderPreferences) {
        self.preferences = preferences
        header = Self.header(
            for: item, timeZone: preferences.timeZone, labelStyle: preferences.theme.articleHeader,
            firstEnclosureNumber: body.links.count + 1)
        laidOutWidth = -1
    }

    /// Takes the full article fetched for this article; shows it when `show` is true (the user
    /// asked for it with `x`), else keeps it for the next `x`.
    func takeFullArticle(_ article: FullArticle, ofItem id: ItemID, show: Bool) -> Bool {
        guard id == item.id else { return false }
        fullArticle = article.rendered
        if show { self.show(fullArticle: true) }
        return true
    }

    /// Renders the article's HTML, cut to ``maximumHTMLBytes``: the costly part of opening it.
    nonisolated static func render(_ item: StoredItem, preferences: ReaderPreferences) -> Rendered {
        var html = item.item.content ?? item.item.summary ?? ""
        // newsboat's `always-display-description`: the description too, after the content.
        if preferences.alwaysDisplaysDescription, let content = item.item.content, let summary = item.item.summary,
           !content.isEmpty, !summary.isEmpty, summary != content {
            html = content + "<hr>" + summary
        }
        return render(html: html, baseURL: item.item.link, preferences: preferences)
    }

    /// Renders an article body (the feed's, or a full article) cut to ``maximumHTMLBytes``.
    nonisolated static func render(html: String, baseURL: String?, preferences: ReaderPreferences) -> Rendered {
        let shown = bounded(html)
        var body = HTMLTextRenderer.render(shown, baseURL: baseURL, linkStyle: preferences.theme.articleLink)
        var failure: String?
        if let renderer = preferences.htmlRenderer {
            switch ExternalHTMLRenderer.render(shown, with: renderer) {
            case .success(let text): body = ExternalHTMLRenderer.body(fromText: text, links: body.links, imageNumbers: body.imageNumbers)
            case .failure(let problem): failure = problem.reason
            }
        }
        let rest = shown.utf8.count < html.utf8.count ? (html.utf8.count - shown.utf8.count + 1023) / 1024 : nil
        return Rendered(body: body, restKilobytes: rest, sourceHTML: shown, rendererFailure: failure)
    }

    /// The unread and total articles of the article's feed, for `itemview-title-format`'s `%u`
    /// and `%t` (given by the reader, which lists the feed; followed as the article is marked).
    var feedCounts: ItemCounts?

    /// `itemview-title-format`'s title, when the config sets one.
    private var formattedTitle: TitleFormats.Title? {
        preferences.formattedTitle(.itemViewTitle, [
            "T": Self.title(of: item), "F": item.feedName.text,
            "u": feedCounts.map { String($0.unread) } ?? "", "t": feedCounts.map { String($0.total) } ?? "",
        ])
    }

    public var title: String { formattedTitle?.left ?? Self.title(of: item) }

    public var titleFill: Character? { formattedTitle?.fill }

    /// What the title bar and the URL view call `item`.
    nonisolated static func title(of item: StoredItem) -> String {
        item.item.title.flatMap { $0.isEmpty ? nil : $0 } ?? "(untitled)"
    }

    public var titleDetail: String {
        if let formattedTitle { return formattedTitle.right }
        guard preferences.showsArticleProgress, let progress else { return item.feedName.text }
        return item.feedName.text + "  " + progress
    }

    /// newsboat's `display-article-progress`: `Top`, `Bottom`, or how much of the text has been
    /// seen (`42%`); nil before the first layout.
    var progress: String? {
        guard view.visibleRows > 0 else { return nil }
        if view.offset == 0 { return "Top" }
        if view.isAtEnd { return "Bottom" }
        return "\(100 * (view.offset + view.visibleRows) / max(1, view.rowCount))%"
    }

    var keyContext: KeyMap.Context { .article }

    func shownState(ofItem id: ItemID) -> ItemState? {
        id == item.id ? ItemState(feedID: item.feedID, isRead: item.isRead, isStarred: item.isStarred, flags: item.flags) : nil
    }

    /// Notes a change of marks made elsewhere (the header does not show them).
    func noteMark(_ mark: ItemMark) {
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

    public func render(into grid: inout CellGrid, in area: Rect) {
        var textArea = area
        if textWidth > 0 && textWidth < area.width {
            grid.fill(area)
            textArea.width = textWidth
        }
        layOut(width: textArea.width, height: textArea.height)
        view.render(into: &grid, in: textArea)
        placePictures(into: &grid, in: textArea)
    }

    /// Digits type a link's number; Enter, Backspace and Esc finish it. Right scrolls lines of
    /// code wider than the text sideways.
    func takesUnboundKey(_ key: Key) -> Bool {
        if key == .right && canScrollCode { return true }
        if case .character(let character) = key, character.wholeNumberValue != nil, character.isASCII { return true }
        return !typedNumber.isEmpty
    }

    public func handle(_ key: Key) -> ReaderIntent? {
        if case .character(let character) = key, let digit = character.wholeNumberValue, character.isASCII {
            typedNumber = String((typedNumber + String(digit)).suffix(6))
            return .status("Open link \(typedNumber) (Enter opens, Esc cancels)")
        }
        if !typedNumber.isEmpty {
            switch key {
            case .enter:
                let number = Int(typedNumber) ?? 0
                typedNumber = ""
                return Self.open(number, of: urls)
            case .backspace:
                typedNumber.removeLast()
                return .status(typedNumber.isEmpty ? "" : "Open link \(typedNumber) (Enter opens, Esc cancels)")
            case .escape:
                typedNumber = ""
                return .status("")
            default:
                typedNumber = ""
            }
        }
        guard let command = preferences.keyMap.command(for: key, in: .article) else {
            return key == .right ? scrollCode(forward: true) : nil
        }
        // Left first brings code lines scrolled sideways back; at their start it goes back.
        if key == .left && command == .back && codeColumn > 0 { return scrollCode(forward: false) }
        switch command {
        case .up: view.scroll(by: -1)
        case .down: view.scroll(by: 1)
        case .pageUp: _ = view.handleNavigationKey(.pageUp)
        case .pageDown: _ = view.handleNavigationKey(.pageDown)
        case .home: _ = view.handleNavigationKey(.home)
        case .end: _ = view.handleNavigationKey(.end)
        case .back: return .back
        case .quit, .quitAll: return .quit
        case .openInBrowser:
            guard let link = item.item.link else { return .status("This article has no link") }
            return .openInBrowser(link)
        case .toggleRead: return .toggleRead(item.id)
        case .toggleStarred: return .toggleStarred(item.id)
        case .editFlags: return .editFlags(item.id)
        case .deleteArticle: return .deleteArticle(item.id)
        case .reload: return .reloadFeed(item.feedID)
        case .reloadAll: return .reloadAll
        case .nextUnread: return .nextUnread(from: item.id)
        case .previousUnread: return .previousUnread(from: item.id)
        case .nextArticle: return .openAdjacentArticle(item.id, forward: true)
        case .previousArticle: return .openAdjacentArticle(item.id, forward: false)
        case .help: return .showHelp
        case .search: return .openSearch(text: "")
        case .fetchFullArticle:
            if fullArticle != nil {
                show(fullArticle: !showsFullArticle)
                return .status(showsFullArticle ? "The full article from its page (x: the feed's text)" : "The feed's text (x: the full article)")
            }
            guard let link = item.item.link else { return .status("This article has no link to fetch") }
            return .fetchFullArticle(item.id, link: link)
        case .showURLs: return .showURLs(urls, articleTitle: title)
        case .enqueue: return .enqueue(item)
        case .save: return .saveArticle(text)
        case .pipeTo: return .pipeArticle(text)
        case .halfPageUp: view.scroll(by: -max(1, view.visibleRows / 2))
        case .halfPageDown: view.scroll(by: max(1, view.visibleRows / 2))
        case .openInBrowserAndMarkRead:
            guard let link = item.item.link else { return .status("This article has no link") }
            return .openInBrowserAndMarkRead(link, item.id)
        case .gotoURL:
            return urls.isEmpty ? .status("This article has no links") : .askForURLNumber(urls)
        case .toggleImages:
            return toggleImages()
        case .toggleSourceView:
            showsSource.toggle()
            codeColumn = 0
            laidOutWidth = -1
            _ = view.handleNavigationKey(.home)
        case .articleFeed: return .showArticlesOfFeed(item.feedID, selecting: item.id)
        case .randomUnread: return .randomUnread
        case .bookmark:
            guard let link = item.item.link else { return .status("This article has no link") }
            return .bookmark(Bookmark(url: link, title: item.item.title ?? "", feedTitle: item.feedName.text))
        case .openInBrowserNoninteractively:
            guard let link = item.item.link else { return .status("This article has no link") }
            return .openInBrowserNoninteractively(link)
        default:
            if let number = command.openedURLNumber { return Self.open(number, of: urls) }
        }
        return nil
    }

    /// Whether a line of code is wider than the text, so that it can be scrolled sideways.
    private var canScrollCode: Bool { !showsSource && textColumns > 0 && body.widestCodeLine > textColumns }

    /// Scrolls the lines of code sideways by half the text's width, as far as the widest one
    /// needs.
    private func scrollCode(forward: Bool) -> ReaderIntent? {
        guard canScrollCode else { return nil }
        // At the last column the end of the widest line shows whole, the `←` in place of its first.
        let last = body.widestCodeLine - textColumns
        let step = max(1, textColumns / 2)
        codeColumn = forward ? min(last, codeColumn + step) : max(0, codeColumn - step)
        laidOutWidth = -1
        return nil
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
    public var text: ArticleText {
        ArticleText(item: item, body: body, timeZone: preferences.timeZone)
    }

    /// Most HTML an article view lays out (a hundred pages or so); a longer body is cut, so that
    /// a hostile multi-megabyte item costs no more memory or time than this.
    nonisolated static let maximumHTMLBytes = 512 * 1024

    /// `html` cut to ``maximumHTMLBytes`` at a character boundary.
    nonisolated static func bounded(_ html: String) -> String {
        guard html.utf8.count > maximumHTMLBytes else { return html }
        let bytes = Array(html.utf8.prefix(maximumHTMLBytes + 1))
        var count = maximumHTMLBytes
        // Step back over UTF-8 continuation bytes so no scalar is split.
        while count > 0 && bytes[count] & 0xC0 == 0x80 { count -= 1 }
        return String(decoding: bytes[..<count], as: UTF8.self)
    }

    /// The header lines: labelled fields, then a rule. Attachments are numbered from
    /// `firstEnclosureNumber`, after the body's links, when it is given.
    nonisolated static func header(for item: StoredItem, timeZone: TimeZone, labelStyle: Style, firstEnclosureNumber: Int? = nil) -> [TextView.Line] {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "EEE, d MMM yyyy HH:mm"
        var fields: [(String, String)] = [("Title", item.item.title ?? "(untitled)")]
        if let author = item.item.author, !author.isEmpty { fields.append(("Author", author)) }
        fields.append(("Date", formatter.string(from: item.date)))
        fields.append(("Feed", item.feedName.text))
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
