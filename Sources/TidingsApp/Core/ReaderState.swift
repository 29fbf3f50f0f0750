import Configuration
import FeedModel
import FeedStore
import Foundation
import ImageRendering
import TerminalUI

/// The whole reader as a value: the screens, the marks not yet written, the prompt and the
/// question in the status bar, the reload, the options in force.
///
/// `update(_:_:)` (ReaderState+Update.swift) takes a message and returns the effects to carry
/// out; it reads no clock, file or environment (they come in `ReaderEnvironment` and in
/// messages). Rendering is a function of the state (`frame(for:)`). The reducers are split by
/// feature, one file each: keys, navigation, marks, articles, feed editing, reload and sync,
/// prompts and the command line, search, the cache's answers, layout.
struct ReaderState: Sendable {
    /// What the reader was started with, changed by `:set` and `:source` since.
    var settings: ReaderSettings
    var navigation: Navigation
    /// Marks typed and not yet known to be in what the screens read.
    var pendingMarks = PendingMarks()
    /// The changes keys made to articles this session, for `undo`.
    var undo = UndoHistory()
    /// The article read (or being read) for the preview pane of a split layout.
    var previewedArticle: ItemID?
    /// What the status bar says: a message, else what runs in the background.
    var message: String?
    /// The last reload's notification, in the window title until the next key (`notify-xterm`).
    var titleNotification: String?
    /// The prompt being typed in the status row, and the question it answers.
    var prompt: Prompt?
    /// The question in the status bar answered by the next key (yes/no, a sort field…).
    var confirmation: ReaderConfirmation?
    /// The macro prefix was pressed: the next key names the macro.
    var awaitsMacroKey = false
    /// Whether a reload or a sync runs, and how far it is.
    var reload = ReloadState()
    /// Feeds being fetched to be added.
    var additions = FeedAdditions()
    /// A feed to select once the lists list it (one just added).
    var pendingSelection: String?
    /// Full articles being fetched.
    var fullArticleFetches = FullArticleFetches()
    /// Lines typed at the prompts that keep them (Up/Down bring them back).
    var histories = PromptHistories()
    /// Whether the last sessions' histories have been read (or there was nothing to read).
    var hasReadHistories = false
    /// Whether `run-on-startup`'s actions have run (they run once, when the feed list is read).
    var hasRunStartupActions = false
    /// Whether articles were deleted in this session: quitting purges them.
    var hasDeletedArticles = false
    /// The store's generation the screens last read at.
    var lastGeneration: Int64 = -1
    private(set) var isQuitting = false
    /// The terminal's size and what it can show.
    var terminal: TerminalFacts
    /// The time of the message being handled.
    var now: Date
    /// When the reader started.
    let sessionStart: Date
    private var lastScreenID = 0

    /// What the reader knows of its terminal.
    struct TerminalFacts: Sendable {
        var size: TerminalSize
        /// False with `NO_COLOR` or a monochrome terminal: the theme is made reverse video.
        var showsColors = true
        /// How `image-protocol auto` draws pictures here (asked once at start).
        var detectedImageProtocol = ImageProtocolChoice.none
        /// Whether the terminal is known to make OSC 8 hyperlinks clickable (`hyperlinks auto`).
        var supportsHyperlinks = false
    }

    /// The reader as it opens: the feed list at the root (the welcome screen when there is no
    /// urls file yet), nothing read yet.
    init(settings: ReaderSettings, terminal: TerminalFacts, now: Date) {
        self.settings = settings
        self.terminal = terminal
        self.now = now
        sessionStart = now
        lastScreenID = 1
        navigation = Navigation(root: Self.rootScreen(id: ScreenID(value: 1), settings: settings))
    }

    /// The next screen's id.
    mutating func newScreenID() -> ScreenID {
        lastScreenID += 1
        return ScreenID(value: lastScreenID)
    }

    /// The feed list at the root, or the welcome screen when there is no urls file.
    static func rootScreen(id: ScreenID, settings: ReaderSettings) -> any ReaderScreen {
        guard settings.subscriptions != nil else {
            return FirstRunScreen(id: id, urlsPath: settings.urlsPath, newsboat: settings.newsboatFiles)
        }
        return FeedListScreen(id: id, queryFeeds: settings.queryFeeds, headings: settings.headings)
    }

    /// The feed list at the root, if the root is one (not the welcome screen).
    var feedList: FeedListScreen? { navigation.root as? FeedListScreen }

    /// The screen on top.
    var top: any ReaderScreen { navigation.top }

    /// Every screen on the stack, root first.
    var screens: [any ReaderScreen] { navigation.screens }

    /// True while a reload (or a sync) runs.
    var isReloading: Bool { reload.isRunning }

    /// What every screen knows of the reader now.
    var context: ScreenContext {
        let config = settings.config
        let image = config[\.imageProtocol]
        return ScreenContext(
            config: config, theme: terminal.showsColors ? config.theme : config.theme.forMonochrome(), timeZone: settings.timeZone,
            imageProtocol: image == .auto ? terminal.detectedImageProtocol : image, cellSize: terminal.size.cell,
            marks: pendingMarks, now: now, sessionStart: sessionStart, reloading: reload.progress?.inProgress ?? [], spinnerFrame: reload.spinnerFrame,
            marksLocalFeeds: settings.feedListSource.server != nil && settings.feedListSource.fetchesFeeds)
    }

    /// The reader is quitting: no more messages are taken.
    mutating func beginQuitting() {
        isQuitting = true
    }
}

/// A one-line prompt in the status row and the question its line answers.
struct Prompt: Sendable {
    var editor: LineEditor
    var question: ReaderQuestion
}
