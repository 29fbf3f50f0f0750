import Configuration
import FeedStore
import TerminalUI

/// The split layouts (`layout split`, `split-vertical`, `three-pane`): the stack of screens is
/// the same as in `layout stack` — Enter pushes the article, Back pops it — but the screens under
/// the top one are drawn beside it, and the selected row's article (or the selected feed's
/// articles) is read and drawn beside a list that has no article over it. The screen on top has
/// the focus and the keys; the divider's arrow points at it.
///
/// Each layout needs room to be readable; in a smaller window the screens are drawn one at a time
/// (as `layout stack`) until it grows again, the selection and the article's place kept.
extension ReaderState {
    /// A part of the window and the screen drawn there.
    struct Pane: Equatable {
        enum Content: Equatable {
            /// The stack's screen at this index.
            case stack(Int)
            /// The screen of this type beside the stack (the preview), or a hint while there is none.
            case besideArticle
            case besideList
        }

        var content: Content
        var area: Rect
    }

    /// A line between two panes: the arrow points at the one with the focus, the text names the
    /// other.
    struct Divider: Equatable {
        var area: Rect
        var isVertical: Bool
        /// Whether the focused pane is after the divider (below it, or at its right).
        var pointsForward: Bool
        var text: String
    }

    /// Where each screen goes in the window's body, and the dividers between them.
    struct PaneLayout: Equatable {
        var panes: [Pane]
        var dividers: [Divider] = []

        /// One screen over the whole body: the top one.
        static func stack(_ top: Int, in body: Rect) -> PaneLayout {
            PaneLayout(panes: [Pane(content: .stack(top), area: body)])
        }
    }

    /// Rows and columns a layout needs at least: below, the screens are stacked.
    enum PaneMinimum {
        /// `split`: a list of 5 rows, a divider and an article of 10.
        static let splitRows = 16
        static let splitColumns = 40
        /// `split-vertical`: a list of 40 columns, a divider and an article of 60.
        static let verticalColumns = 100
        static let verticalRows = 8
        /// `three-pane`: feeds of 24 columns, a list of 40, an article of 60, two dividers.
        static let threePaneColumns = 126
        static let threePaneRows = 10
    }

    /// The layout for the window's body as the state is now.
    func paneLayout(in body: Rect) -> PaneLayout {
        let top = screens.count - 1
        let choice = settings.config[\.layout]
        guard choice != .stack else { return .stack(top, in: body) }
        // The list of articles whose article is shown beside it, and what is on top of it.
        let listIndex: Int?
        let article: Pane.Content?
        if top >= 1, screens[top] is ArticleScreen, screens[top - 1] is any ArticleListing {
            listIndex = top - 1
            article = .stack(top)
        } else if screens[top] is any ArticleListing {
            listIndex = top
            article = .besideArticle
        } else {
            listIndex = nil
            article = nil
        }
        switch choice {
        case .stack:
            return .stack(top, in: body)
        case .split, .splitVertical:
            guard let listIndex, let article else { return .stack(top, in: body) }
            return twoPanes(list: .stack(listIndex), article: article, vertical: choice == .splitVertical,
                            focusOnArticle: article == .stack(top), in: body) ?? .stack(top, in: body)
        case .threePane:
            guard screens[0] is FeedListScreen else { return .stack(top, in: body) }
            if let listIndex, let article, listIndex == 1 {
                return threePanes(list: .stack(listIndex), article: article, focus: article == .stack(top) ? 2 : 1, in: body)
                    ?? .stack(top, in: body)
            }
            if top == 0 {
                return threePanes(list: .besideList, article: .besideArticle, focus: 0, in: body) ?? .stack(top, in: body)
            }
            return .stack(top, in: body)
        }
    }

    private func twoPanes(list: Pane.Content, article: Pane.Content, vertical: Bool, focusOnArticle: Bool, in body: Rect) -> PaneLayout? {
        let articleTitle = paneTitle(article)
        let listTitle = paneTitle(list)
        if vertical {
            guard body.width >= PaneMinimum.verticalColumns, body.height >= PaneMinimum.verticalRows else { return nil }
            let listWidth = max(40, body.width * 2 / 5)
            let listArea = Rect(row: body.row, column: body.column, height: body.height, width: listWidth)
            let divider = Rect(row: body.row, column: body.column + listWidth, height: body.height, width: 1)
            let articleArea = Rect(row: body.row, column: divider.column + 1, height: body.height, width: body.width - listWidth - 1)
            return PaneLayout(panes: [Pane(content: list, area: listArea), Pane(content: article, area: articleArea)],
                              dividers: [Divider(area: divider, isVertical: true, pointsForward: focusOnArticle, text: "")])
        }
        guard body.height >= PaneMinimum.splitRows, body.width >= PaneMinimum.splitColumns else { return nil }
        let listHeight = max(5, body.height / 3)
        let listArea = Rect(row: body.row, column: body.column, height: listHeight, width: body.width)
        let divider = Rect(row: body.row + listHeight, column: body.column, height: 1, width: body.width)
        let articleArea = Rect(row: divider.row + 1, column: body.column, height: body.height - listHeight - 1, width: body.width)
        return PaneLayout(panes: [Pane(content: list, area: listArea), Pane(content: article, area: articleArea)],
                          dividers: [Divider(area: divider, isVertical: false, pointsForward: focusOnArticle,
                                             text: focusOnArticle ? listTitle : articleTitle)])
    }

    /// Feeds, articles and article; `focus` is the index of the focused pane.
    private func threePanes(list: Pane.Content, article: Pane.Content, focus: Int, in body: Rect) -> PaneLayout? {
        guard body.width >= PaneMinimum.threePaneColumns, body.height >= PaneMinimum.threePaneRows else { return nil }
        let feedsWidth = max(24, body.width / 5)
        let listWidth = max(40, body.width * 3 / 10)
        let feeds = Rect(row: body.row, column: body.column, height: body.height, width: feedsWidth)
        let first = Rect(row: body.row, column: feeds.right, height: body.height, width: 1)
        let listArea = Rect(row: body.row, column: first.right, height: body.height, width: listWidth)
        let second = Rect(row: body.row, column: listArea.right, height: body.height, width: 1)
        let articleArea = Rect(row: body.row, column: second.right, height: body.height, width: body.right - second.right)
        return PaneLayout(
            panes: [Pane(content: .stack(0), area: feeds), Pane(content: list, area: listArea), Pane(content: article, area: articleArea)],
            dividers: [Divider(area: first, isVertical: true, pointsForward: focus >= 1, text: ""),
                       Divider(area: second, isVertical: true, pointsForward: focus == 2, text: "")])
    }

    /// What a horizontal divider names: the screen in the pane that has not the focus.
    private func paneTitle(_ content: Pane.Content) -> String {
        switch content {
        case .stack(let index): screens[index].title(context).left
        case .besideArticle: navigation.beside(ArticleScreen.self)?.title(context).left ?? ""
        case .besideList: navigation.beside(ItemListScreen.self)?.title(context).left ?? ""
        }
    }

    /// The screen a pane shows; nil for a preview not read yet.
    func screen(in pane: Pane) -> (any ReaderScreen)? {
        switch pane.content {
        case .stack(let index): screens.indices.contains(index) ? screens[index] : nil
        case .besideArticle: navigation.beside(ArticleScreen.self)
        case .besideList: navigation.beside(ItemListScreen.self)
        }
    }

    // MARK: - Previews

    /// The reads a preview pane needs: the selected row's article beside a list, the selected
    /// feed's articles beside the feed list; a preview no pane shows any more is dropped.
    mutating func previewReads(_ layout: PaneLayout) -> [ReaderEffect] {
        let contents = layout.panes.map(\.content)
        var effects: [ReaderEffect] = []
        if contents.contains(.besideList) {
            effects += previewSelectedFeed()
        } else {
            navigation.removeBeside(ItemListScreen.self)
        }
        if contents.contains(.besideArticle) {
            effects += previewSelectedArticle(from: contents.contains(.besideList) ? nil : top as? any ArticleListing)
        } else {
            navigation.removeBeside(ArticleScreen.self)
            previewedArticle = nil
        }
        return effects
    }

    /// The selected feed's articles, beside the feed list (three-pane).
    private mutating func previewSelectedFeed() -> [ReaderEffect] {
        guard let feed = feedList?.selectedFeed(context) else {
            navigation.removeBeside(ItemListScreen.self)
            return []
        }
        if let shown = navigation.beside(ItemListScreen.self), shown.feed.id == feed.id { return [] }
        var list = ItemListScreen(id: newScreenID(), feed: feed)
        let effects = list.refresh(context)
        navigation.setBeside(list)
        return effects
    }

    /// The selected row's article, beside its list: read when the selection moves to another.
    private mutating func previewSelectedArticle(from list: (any ArticleListing)?) -> [ReaderEffect] {
        let selected = (list ?? navigation.beside(ItemListScreen.self))?.selectedItem(pendingMarks)
        guard let id = selected?.id else {
            navigation.removeBeside(ArticleScreen.self)
            previewedArticle = nil
            return []
        }
        guard previewedArticle != id else { return [] }
        previewedArticle = id
        return [.read(ArticleQuery(item: id, rendering: articleRendering), route: .preview(id), lane: .key)]
    }

    /// The article read for the preview pane: shown unless the selection has moved on since.
    mutating func showPreview(_ id: ItemID, _ loaded: LoadedArticle?) {
        guard previewedArticle == id, let loaded else { return }
        var screen = ArticleScreen(id: newScreenID(), item: loaded.item, rendered: loaded.rendered, fullArticle: loaded.fullArticle,
                                   showsFullArticle: loaded.opensFullArticle)
        screen.feedCounts = listedFeed(loaded.item.feedID).map { ItemCounts(unread: $0.unreadCount, total: $0.totalCount) }
        navigation.setBeside(screen)
    }

    // MARK: - Focus

    /// `switch-focus` (Tab) in a split layout: from a list into the article beside it (opened,
    /// as Enter opens it), from the article back to its list.
    mutating func switchFocus(_ environment: ReaderEnvironment) -> [ReaderEffect] {
        let layout = paneLayout(in: areas.body)
        guard layout.panes.count > 1 else {
            message = settings.config[\.layout] == .stack ? "switch-focus: one screen at a time here (layout split shows panes)"
                : "switch-focus: the window is too small for the panes"
            return []
        }
        if top is ArticleScreen {
            navigation.pop()
            return []
        }
        return perform(command: .open, environment)
    }
}
