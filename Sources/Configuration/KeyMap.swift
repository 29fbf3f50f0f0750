import TerminalUI

/// The key bindings in force, newsboat-like by default and changed by `bind-key`/`unbind-key`,
/// and the help text that describes them: both come from this one value so the help screen
/// cannot drift from what the keys do.
public struct KeyMap: Sendable, Equatable {
    /// The screens whose bindings differ; the raw value is the context's name in `bind-key`
    /// (newsboat's names).
    public enum Context: String, Hashable, Sendable, CaseIterable {
        case feedList = "feedlist"
        case itemList = "articlelist"
        /// Lists of articles from every feed: search results and the Starred list.
        case searchResults = "searchresultslist"
        case article
        case tagList = "tagselection"
        /// The links, images and enclosures of an article (newsboat's name).
        case urlView = "urlview"
        case help
        /// The list of the screens open, one over the other (newsboat's dialogs).
        case dialogs
    }

    /// Keys bound to one command, with the line the help screen shows.
    public struct Binding: Hashable, Sendable {
        public var keys: [Key]
        public var command: KeyCommand
        public var summary: String
    }

    /// Tidings' default bindings.
    public static let standard = KeyMap()

    private var table: [Context: [Key: KeyCommand]]

    private init() {
        var table: [Context: [Key: KeyCommand]] = [:]
        for action in Self.actions {
            for context in action.contexts {
                for key in action.keys(context) where table[context]?[key] == nil {
                    table[context, default: [:]][key] = action.command
                }
            }
        }
        self.table = table
    }

    /// The command `key` stands for in `context`, if any.
    public func command(for key: Key, in context: Context) -> KeyCommand? {
        table[context]?[key]
    }

    /// The bindings in force in `context`, in help-screen order; actions left without a key
    /// are left out. Default keys come first, in their usual order, then keys the user added.
    public func bindings(for context: Context) -> [Binding] {
        let bound = table[context] ?? [:]
        return Self.actions.compactMap { action -> Binding? in
            guard action.contexts.contains(context) else { return nil }
            let defaults = action.keys(context).filter { bound[$0] == action.command }
            let added = bound.filter { $0.value == action.command && !defaults.contains($0.key) }
                .map(\.key).sorted { $0.description < $1.description }
            let keys = defaults + added
            return keys.isEmpty ? nil : Binding(keys: keys, command: action.command, summary: action.summary(context))
        }
    }

    /// Binds `key` to `command` in `context`, whatever that screen makes of it (as newsboat
    /// does); when `context` is nil, in every context that offers the command, or in every
    /// context for a command no screen carries out yet (so that the reader can say so wherever
    /// the key is pressed). Whatever `key` did there before is replaced.
    public mutating func bind(_ key: Key, to command: KeyCommand, in context: Context? = nil) {
        let offering = Self.contexts(offering: command)
        let targets = context.map { [$0] } ?? Context.allCases.filter { offering.isEmpty || offering.contains($0) }
        for target in targets { table[target, default: [:]][key] = command }
    }

    /// Removes what `key` does in `context`, or everywhere when `context` is nil.
    public mutating func unbind(_ key: Key, in context: Context? = nil) {
        for target in context.map({ [$0] }) ?? Context.allCases { table[target]?[key] = nil }
    }

    /// The contexts where `command` means something.
    public static func contexts(offering command: KeyCommand) -> Set<Context> {
        actions.filter { $0.command == command }.reduce(into: []) { $0.formUnion($1.contexts) }
    }

    /// The help screen's lines for `context`: keys on the left, what they do on the right, then
    /// the action's name, as `bind-key` takes it.
    public func helpLines(for context: Context) -> [TextView.Line] {
        // Actions described alike (the digits) share a line: `1…9`.
        var groups: [(keys: [String], summary: String, names: [String])] = []
        for binding in bindings(for: context) {
            let keys = binding.keys.map(\.description).joined(separator: " ")
            if let last = groups.last, last.summary == binding.summary {
                groups[groups.count - 1].keys.append(keys)
                groups[groups.count - 1].names.append(binding.command.name)
            } else {
                groups.append(([keys], binding.summary, [binding.command.name]))
            }
        }
        func span(_ items: [String]) -> String {
            items.count > 2 ? "\(items[0])…\(items[items.count - 1])" : items.joined(separator: " ")
        }
        var rows = groups.map { (span($0.keys), $0.summary, span($0.names)) }
        if context == .article { rows.append(("0-9 Enter", "Open link number N", "")) }
        let keyWidth = min(24, rows.map { DisplayWidth.of($0.0) }.max() ?? 0)
        return rows.map { keys, summary, name in
            let padding = String(repeating: " ", count: max(1, keyWidth - DisplayWidth.of(keys) + 2))
            var text = StyledText(keys, style: .bold) + StyledText(padding + summary)
            if !name.isEmpty { text.append("  " + name, style: .dim) }
            return TextView.Line(text, continuationIndent: keyWidth + 2)
        }
    }

    // MARK: - The default table

    /// One action as offered by default: where, with which keys, and its help line.
    private struct Action: Sendable {
        var command: KeyCommand
        var contexts: Set<Context>
        var defaultKeys: [Key]
        var summaryText: String
        /// Contexts where the action is described or bound differently.
        var variants: [Context: (keys: [Key], summary: String)] = [:]

        func keys(_ context: Context) -> [Key] { variants[context]?.keys ?? defaultKeys }
        func summary(_ context: Context) -> String { variants[context]?.summary ?? summaryText }
    }

    private static let everywhere = Set(Context.allCases)
    private static let lists: Set<Context> = [.feedList, .itemList, .tagList]
    private static let reading: Set<Context> = [.feedList, .itemList, .searchResults, .article]
    private static let articles: Set<Context> = [.itemList, .searchResults, .article]

    /// Every action, in help-screen order.
    private static let actions: [Action] = [
        Action(command: .up, contexts: everywhere, defaultKeys: [.up, .character("k")], summaryText: "Previous line",
               variants: [.article: ([.up, .character("k")], "Scroll up"), .help: ([.up, .character("k")], "Scroll up")]),
        Action(command: .down, contexts: everywhere, defaultKeys: [.down, .character("j")], summaryText: "Next line",
               variants: [.article: ([.down, .character("j")], "Scroll down"), .help: ([.down, .character("j")], "Scroll down")]),
        Action(command: .pageUp, contexts: everywhere, defaultKeys: [.pageUp, .control("b")], summaryText: "Previous page"),
        Action(command: .pageDown, contexts: everywhere, defaultKeys: [.pageDown, .control("f")], summaryText: "Next page",
               variants: [.article: ([.pageDown, .character(" "), .control("f")], "Next page")]),
        Action(command: .home, contexts: everywhere, defaultKeys: [.home, .character("g")], summaryText: "Go to the top"),
        Action(command: .end, contexts: everywhere, defaultKeys: [.end, .character("G")], summaryText: "Go to the bottom"),
        Action(command: .open, contexts: lists.union([.searchResults, .urlView, .dialogs]), defaultKeys: [.enter, .right, .character("l")], summaryText: "Open the article",
               variants: [.feedList: ([.enter, .right, .character("l")], "Open the feed"),
                          .dialogs: ([.enter, .right, .character("l")], "Go to the selected screen"),
                          .urlView: ([.enter, .right, .character("l")], "Open the URL (an enclosure with the player option, if set)"),
                          .tagList: ([.enter, .right, .character("l")], "Show the feeds with this tag")]),
        Action(command: .back, contexts: [.itemList, .searchResults, .article, .tagList, .urlView, .help, .dialogs],
               defaultKeys: [.left, .escape, .character("q"), .character("h")], summaryText: "Back to the feeds",
               variants: [.article: ([.left, .escape, .character("q"), .character("h")], "Back to the articles"),
                          .urlView: ([.left, .escape, .character("q"), .character("h")], "Back to the article"),
                          .searchResults: ([.left, .escape, .character("q"), .character("h")], "Back"),
                          .dialogs: ([.left, .escape, .character("q"), .character("h")], "Close this list"),
                          .help: ([.left, .escape, .character("q"), .character("?")], "Close the help")]),
        Action(command: .quit, contexts: [.feedList], defaultKeys: [.character("q")], summaryText: "Quit"),
        Action(command: .togglePreview, contexts: [.itemList], defaultKeys: [.character(" ")], summaryText: "Show or hide a preview of the article"),
        Action(command: .search, contexts: everywhere, defaultKeys: [.character("/")], summaryText: "Search every article",
               variants: [.itemList: ([.character("/")], "Search this feed's articles"),
                          .article: ([.character("/")], "Find words in the article (n, N: next, previous; Esc ends)")]),
        // newsboat binds nothing to \.
        Action(command: .searchEverywhere, contexts: everywhere, defaultKeys: [.character("\\")], summaryText: "Search every article"),
        // newsboat binds nothing to H.
        Action(command: .feedHealth, contexts: [.feedList], defaultKeys: [.character("H")],
               summaryText: "The feeds' health: failing, moved, waiting, silent"),
        // newsboat binds nothing to M.
        Action(command: .adoptMoved, contexts: [.feedList], defaultKeys: [.character("M")],
               summaryText: "In the feeds' health: write the address the feed moved to in the urls file"),
        Action(command: .quickFilter, contexts: [.feedList, .itemList], defaultKeys: [.character("F")], summaryText: "Filter this list by title (Esc clears)"),
        Action(command: .reload, contexts: reading, defaultKeys: [.character("r")], summaryText: "Reload this feed",
               variants: [.feedList: ([.character("r")], "Reload the selected feed")]),
        Action(command: .reloadAll, contexts: reading, defaultKeys: [.character("R")], summaryText: "Reload all feeds"),
        Action(command: .toggleRead, contexts: articles, defaultKeys: [.character("N")], summaryText: "Toggle read/unread"),
        // newsboat binds nothing to U.
        Action(command: .undo, contexts: reading, defaultKeys: [.character("U")],
               summaryText: "Undo the last change to articles (read, starred, flags, deleted)"),
        Action(command: .toggleStarred, contexts: articles, defaultKeys: [.character("s")], summaryText: "Star or unstar the article"),
        Action(command: .fetchFullArticle, contexts: articles, defaultKeys: [.character("x")],
               summaryText: "Fetch the full article from its page (x in the article: the feed's text again)",
               variants: [.article: ([.character("x")], "Full article from the page / the feed's text")]),
        Action(command: .markFeedRead, contexts: [.feedList, .itemList, .searchResults], defaultKeys: [.character("A")], summaryText: "Mark this feed read",
               variants: [.feedList: ([.character("A")], "Mark the selected feed read"),
                          .searchResults: ([.character("A")], "Mark every article of this query feed (or Starred) read")]),
        Action(command: .markAllFeedsRead, contexts: [.feedList], defaultKeys: [.character("C")], summaryText: "Mark every feed read (asks first)"),
        Action(command: .openInBrowser, contexts: reading.union([.urlView]), defaultKeys: [.character("o")], summaryText: "Open the article's link in the browser",
               variants: [.feedList: ([.character("o")], "Open the feed's website in the browser"),
                          .urlView: ([.character("o")], "Open the URL in the browser")]),
        Action(command: .toggleImages, contexts: [.article], defaultKeys: [.character("i")], summaryText: "Show or hide the article's pictures"),
        Action(command: .showURLs, contexts: articles, defaultKeys: [.character("u")], summaryText: "List the article's links, images and enclosures"),
        Action(command: .enqueue, contexts: articles, defaultKeys: [.character("E")], summaryText: "Add the enclosure to podboat's download queue"),
        Action(command: .save, contexts: [.article], defaultKeys: [.character("S")], summaryText: "Save the article as text to a file"),
        Action(command: .pipeTo, contexts: [.article], defaultKeys: [.character("|")], summaryText: "Send the article's text to a command"),
        // No key, as in newsboat: bind one (`bind-key ^S save-all articlelist`).
        Action(command: .saveAll, contexts: [.itemList, .searchResults], defaultKeys: [],
               summaryText: "Save every article of the list as text into a directory (asks which)"),
        Action(command: .addFeed, contexts: [.feedList], defaultKeys: [.character("a")], summaryText: "Add a feed"),
        Action(command: .renameFeed, contexts: [.feedList], defaultKeys: [.character("e")], summaryText: "Rename the selected feed"),
        Action(command: .editTags, contexts: [.feedList], defaultKeys: [.character("T")], summaryText: "Edit the selected feed's tags"),
        Action(command: .deleteFeed, contexts: [.feedList], defaultKeys: [.character("D")], summaryText: "Delete the selected feed"),
        Action(command: .moveFeedUp, contexts: [.feedList], defaultKeys: [.character("K")], summaryText: "Move the selected feed up"),
        Action(command: .moveFeedDown, contexts: [.feedList], defaultKeys: [.character("J")], summaryText: "Move the selected feed down"),
        Action(command: .selectTag, contexts: [.feedList], defaultKeys: [.character("t")], summaryText: "Choose a tag to list only its feeds"),
        Action(command: .nextUnread, contexts: reading, defaultKeys: [.character("n")], summaryText: "Next unread article"),
        Action(command: .previousUnread, contexts: reading, defaultKeys: [.character("p")], summaryText: "Previous unread article"),
        Action(command: .help, contexts: [.feedList, .itemList, .searchResults, .article, .tagList, .urlView, .dialogs], defaultKeys: [.character("?")], summaryText: "This help"),
        Action(command: .quitAll, contexts: everywhere, defaultKeys: [.character("Q")], summaryText: "Quit from anywhere"),
        Action(command: .selectFilter, contexts: [.feedList, .itemList], defaultKeys: [.control("k")], summaryText: "Filter this list by a defined filter"),
        Action(command: .setFilter, contexts: [.feedList, .itemList], defaultKeys: [.character("f")], summaryText: "Filter this list by an expression"),
        Action(command: .clearFilter, contexts: [.feedList, .itemList], defaultKeys: [.control("g")], summaryText: "Clear the filter"),
        Action(command: .toggleShowRead, contexts: [.feedList, .itemList], defaultKeys: [.character("L")], summaryText: "Show or hide read articles",
               variants: [.feedList: ([.character("L")], "Show or hide feeds with nothing unread")]),
        Action(command: .toggleShowReadArticles, contexts: [.itemList], defaultKeys: [], summaryText: "Show or hide read articles"),
        Action(command: .nextFeed, contexts: [.itemList], defaultKeys: [.character("J")], summaryText: "The next feed's articles"),
        Action(command: .previousFeed, contexts: [.itemList], defaultKeys: [.character("K")], summaryText: "The previous feed's articles"),
        Action(command: .sort, contexts: [.feedList, .itemList, .searchResults], defaultKeys: [.character(">")],
               summaryText: "Sort the articles (asks by what; not search results)",
               variants: [.feedList: ([.character(">")], "Sort the feeds (asks by what)")]),
        Action(command: .reverseSort, contexts: [.feedList, .itemList, .searchResults], defaultKeys: [.character("<")],
               summaryText: "Sort the articles the other way round (asks by what)",
               variants: [.feedList: ([.character("<")], "Sort the feeds the other way round (asks by what)")]),
        Action(command: .commandLine, contexts: everywhere, defaultKeys: [.character(":")], summaryText: "Type a command (:set, :source, :goto, :tag, :q, a row number)"),
        // newsboat's further actions, with newsboat's default keys where Tidings had none there.
        Action(command: .halfPageUp, contexts: everywhere, defaultKeys: [], summaryText: "Half a page up"),
        Action(command: .halfPageDown, contexts: everywhere, defaultKeys: [], summaryText: "Half a page down"),
        Action(command: .openInBrowserAndMarkRead, contexts: articles, defaultKeys: [.character("O")],
               summaryText: "Open the article's link in the browser and mark it read"),
        Action(command: .nextUnreadFeed, contexts: [.itemList], defaultKeys: [.control("n")], summaryText: "The next feed with unread articles"),
        Action(command: .previousUnreadFeed, contexts: [.itemList], defaultKeys: [.control("p")], summaryText: "The previous feed with unread articles"),
        Action(command: .openAllUnreadInBrowser, contexts: [.feedList, .itemList, .searchResults], defaultKeys: [],
               summaryText: "Open the feed's unread articles in the browser (max-browser-tabs at most)"),
        Action(command: .openAllUnreadInBrowserAndMarkRead, contexts: [.feedList, .itemList, .searchResults], defaultKeys: [],
               summaryText: "Open the feed's unread articles in the browser and mark them read"),
        Action(command: .openInBrowserNoninteractively, contexts: reading.union([.urlView]), defaultKeys: [],
               summaryText: "Open the link in the browser without giving it the terminal"),
        Action(command: .randomUnread, contexts: reading, defaultKeys: [], summaryText: "A random unread article"),
        Action(command: .articleFeed, contexts: articles, defaultKeys: [], summaryText: "The articles of the article's feed"),
        Action(command: .gotoURL, contexts: [.article], defaultKeys: [.character("#")], summaryText: "Open link number N (asks for it)"),
        Action(command: .editFlags, contexts: articles, defaultKeys: [.control("e")],
               summaryText: "Edit the article's flags (letters; the star is one of them)"),
        Action(command: .deleteArticle, contexts: [.itemList, .article], defaultKeys: [.character("D")],
               summaryText: "Delete the article (reloads do not bring it back)"),
        Action(command: .deleteAllArticles, contexts: [.itemList], defaultKeys: [.control("d")],
               summaryText: "Delete every article of this feed (asks first)"),
        Action(command: .purgeDeleted, contexts: [.itemList], defaultKeys: [.character("$")],
               summaryText: "Purge the deleted articles (their text leaves the cache)"),
        Action(command: .toggleSourceView, contexts: [.article], defaultKeys: [.control("u")], summaryText: "Show the article's HTML source, or its text again"),
        // newsboat's dialogs are Tidings' screens, one over the other. Its keys where they are
        // free: v, ^X, ^V (prev-dialog's ^G clears a filter here).
        Action(command: .viewDialogs, contexts: everywhere.subtracting([.dialogs]), defaultKeys: [.character("v")],
               summaryText: "List the screens open, to go back to one"),
        Action(command: .closeDialog, contexts: everywhere, defaultKeys: [.control("x")], summaryText: "Close this screen (not the feed list)"),
        Action(command: .previousDialog, contexts: everywhere, defaultKeys: [], summaryText: "The screen below, this one kept for next-dialog"),
        Action(command: .nextDialog, contexts: everywhere, defaultKeys: [.control("v")], summaryText: "The screen prev-dialog left"),
        Action(command: .redraw, contexts: everywhere, defaultKeys: [.control("l")], summaryText: "Redraw the screen"),
        Action(command: .switchFocus, contexts: [.feedList, .itemList, .searchResults, .article], defaultKeys: [.tab],
               summaryText: "In a split layout: into the article beside the list, or back to the list"),
        // newsboat's ^B is Previous page here: bookmark has no key until bound.
        Action(command: .bookmark, contexts: articles.union([.urlView]), defaultKeys: [], summaryText: "Bookmark the article with bookmark-cmd",
               variants: [.urlView: ([], "Bookmark the URL with bookmark-cmd")]),
        Action(command: .editURLs, contexts: [.feedList], defaultKeys: [.character("E")],
               summaryText: "Edit the urls file ($VISUAL, $EDITOR or vi), then read it again"),
        Action(command: .reloadURLs, contexts: [.feedList], defaultKeys: [.control("r")], summaryText: "Read the urls file again"),
        Action(command: .clearTag, contexts: [.feedList], defaultKeys: [.control("t")], summaryText: "Leave the tag's feeds: every feed again"),
        Action(command: .nextArticle, contexts: [.article], defaultKeys: [.character("J")], summaryText: "The next article of the list"),
        Action(command: .previousArticle, contexts: [.article], defaultKeys: [.character("K")], summaryText: "The previous article of the list"),
        Action(command: .gotoTitle, contexts: [.feedList], defaultKeys: [], summaryText: "Go to the feed whose title contains the text typed"),
        Action(command: .markAllAboveRead, contexts: [.itemList, .searchResults], defaultKeys: [], summaryText: "Mark every article above this one read"),
        Action(command: .previousSearchResults, contexts: [.searchResults], defaultKeys: [.character("z")],
               summaryText: "Back to the results of the search before this one"),
    ] + openURLActions + commandLineDigitActions

    /// `one` … `zero`: open URL N, with the digits as keys in the URL view (in the article view
    /// digits type a link number, so they are not bound there).
    private static let openURLActions: [Action] = KeyCommand.openURLCommands.enumerated().map { index, command in
        let digit = Key.character(Character(String((index + 1) % 10)))
        return Action(command: command, contexts: [.article, .urlView], defaultKeys: [digit], summaryText: "Open URL number N (0: 10)",
                      variants: [.article: ([], "Open link \(index + 1)")])
    }

    /// `cmd-one` … `cmd-nine`: a digit in a list opens the command line with the digit typed
    /// (a row number, as in newsboat).
    private static let commandLineDigitActions: [Action] = KeyCommand.commandLineDigitCommands.enumerated().map { index, command in
        Action(command: command, contexts: [.feedList, .itemList, .searchResults, .tagList],
               defaultKeys: [.character(Character(String(index + 1)))], summaryText: "Go to row N (the command line, the digit typed)")
    }
}
