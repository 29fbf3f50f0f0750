import Configuration
import FeedModel
import FeedServices
import FeedStore
import Foundation
import TerminalUI

/// What the reader does with an article besides showing it: queue its enclosure for podboat
/// (`E`), save it as text (`S`, `save-all`), send its text to a command (`|`), bookmark it, set its
/// flags, hand its links to a viewer. Files are written and commands run by the runners; nothing
/// here touches the disk.
extension ReaderState {
    /// `u` or `E` on a list, once its selected article has been read from the cache: what the
    /// same key does in the article view.
    mutating func perform(_ action: ReaderIntent.ArticleAction, on loaded: LoadedArticle?, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        guard let loaded else {
            message = "This article is no longer in the cache"
            return []
        }
        switch action {
        case .showURLs:
            // The body the article would open on, so that the numbers are the article's.
            let body = (loaded.opensFullArticle ? loaded.fullArticle ?? loaded.rendered : loaded.rendered).body
            let urls = ArticleURL.all(in: body, enclosures: loaded.item.item.enclosures)
            return perform(.showURLs(urls, articleTitle: ArticleScreen.title(of: loaded.item)), environment)
        case .enqueue:
            return enqueue(loaded.item, environment)
        }
    }

    /// Queues the article's first enclosure, its path made from the download options.
    mutating func enqueue(_ item: StoredItem, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        guard let enclosure = item.item.enclosures.first else {
            message = "This article has no enclosure to queue"
            return []
        }
        let options = settings.articleActions(environment)
        guard let queueFile = options.queueFile else { return [] }
        let episode = PodcastQueue.Episode(url: enclosure.url, feedName: item.feedTitle, title: item.item.title ?? "", date: item.date)
        let target = PodcastQueue.target(for: episode, downloadPath: options.downloadPath, fileNameFormat: options.downloadFileNameFormat,
                                         timeZone: settings.timeZone)
        return [.files(.enqueue(url: enclosure.url, queue: PodcastQueue(path: queueFile), target: target))]
    }

    // MARK: - Saving

    /// Asks where to save, proposing `save-path` and a name made from the title.
    mutating func askWhereToSave(_ article: ArticleText, _ environment: ReaderEnvironment) {
        var article = article
        if !settings.config[\.restrictFilename] {
            article.proposedFileName = ArticleText.unrestrictedFileName(for: article.title)
        }
        ask(.savePath(article), text: proposedSaveDirectory(environment) + article.proposedFileName)
    }

    /// Saves to the path typed (`~` is the home directory; a relative path is in `save-path`).
    func save(_ article: ArticleText, to answer: String, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        guard let path = savePath(typed: answer, environment) else { return [] }
        return [.files(.saveText(article, path: path, replacing: false))]
    }

    /// `save-path` with a slash after it, as the save prompts propose it.
    func proposedSaveDirectory(_ environment: ReaderEnvironment) -> String {
        let directory = settings.articleActions(environment).savePath
        return directory.hasSuffix("/") ? directory : directory + "/"
    }

    /// The path typed at a save prompt: `~` is the home directory, a relative path is in
    /// `save-path`; nil when nothing was typed.
    func savePath(typed answer: String, _ environment: ReaderEnvironment) -> String? {
        let typed = answer.trimmingCharacters(in: .whitespaces)
        guard !typed.isEmpty else { return nil }
        let path = ArticleActionOptions.expand(typed, home: environment.home)
        return path.hasPrefix("/") ? path : proposedSaveDirectory(environment) + path
    }

    /// `save-all`: asks which directory to save every article of the list on top into.
    mutating func askWhereToSaveAll(_ articles: ArticlesToSave, _ environment: ReaderEnvironment) {
        ask(.saveAllDirectory(articles), text: proposedSaveDirectory(environment))
    }

    /// Reads the articles and looks at the directory typed (off the main thread).
    mutating func saveAll(_ articles: ArticlesToSave, to answer: String, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        guard let directory = savePath(typed: answer, environment) else { return [] }
        message = "Reading the articles to save…"
        return [.store(.planSaveAll(articles, directory: directory, restrictsNames: settings.config[\.restrictFilename]))]
    }

    /// Asks about the next file that exists already, or, once every one is decided, has the
    /// articles written.
    mutating func continueSavingAll(_ plan: SaveAll, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        guard !plan.files.isEmpty else {
            message = "No articles to save in this list"
            return []
        }
        if plan.nextConflict != nil { return confirm(.overwriteSaved(plan), environment) }
        let count = plan.files.count { $0.choice != .keep }
        message = "Saving \(count) article\(count == 1 ? "" : "s") to \(Excerpt(Self.shortPath(plan.directory, home: environment.variables["HOME"])))…"
        return [.store(.saveAll(plan, articleRendering))]
    }

    /// newsboat's question, with its answers: y overwrites this file, a every one left, n keeps
    /// this one, q every one left; Esc saves nothing at all. Any other key asks again.
    mutating func answerOverwrite(_ plan: SaveAll, with key: Key, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        var plan = plan
        guard let index = plan.nextConflict else { return continueSavingAll(plan, environment) }
        switch key {
        case .character("y"), .character("Y"): plan.files[index].choice = .replace
        case .character("a"), .character("A"): plan.decideAll(.replace)
        case .character("n"), .character("N"): plan.files[index].choice = .keep
        case .character("q"), .character("Q"): plan.decideAll(.keep)
        case .escape, .control("g"):
            message = "Nothing saved"
            return []
        default:
            return confirm(.overwriteSaved(plan), environment)
        }
        return continueSavingAll(plan, environment)
    }

    /// The question about the next file that exists: newsboat's words, the answers first so that
    /// an 80-column status bar shows them.
    func overwriteQuestion(_ plan: SaveAll, _ environment: ReaderEnvironment) -> String {
        guard let index = plan.nextConflict else { return "" }
        let place = "Overwrite \(Excerpt(plan.files[index].name)) in \(Excerpt(Self.shortPath(plan.directory, home: environment.variables["HOME"])))?"
        let more = plan.conflictsLeft - 1
        guard more > 0 else { return place + " (y: yes, n: no)" }
        return place + " (y: yes, a: yes to all, n: no, q: no to all) There \(more == 1 ? "is 1 more conflict" : "are \(more) more conflicts") like this"
    }

    // MARK: - Commands

    /// Runs the command typed, its words split as the `browser` option's are, never by a shell.
    mutating func pipe(_ article: ArticleText, to answer: String) -> [ReaderEffect] {
        guard !answer.trimmingCharacters(in: .whitespaces).isEmpty else { return [] }
        let command: BrowserCommand
        do {
            command = try BrowserCommand(parsing: answer)
        } catch {
            message = "Not run: \(error)"
            return []
        }
        return [LogLine.info("piping an article to \(command.programName)"), .process(.pipe(arguments: command.words, text: article.text))]
    }

    /// newsboat's `external-url-viewer`: the viewer started on `urls`, one a line, numbered as the
    /// article numbers them.
    mutating func viewURLs(_ urls: [ArticleURL], with viewer: [String]) -> [ReaderEffect] {
        guard !urls.isEmpty else {
            message = "This article has no links, images or enclosures"
            return []
        }
        return [LogLine.info("showing an article's links with \(viewer[0])"),
                .process(.viewURLs(arguments: viewer, text: urls.map { $0.url + "\n" }.joined()))]
    }

    /// Opens the link whose number was typed at `goto-url`'s prompt.
    mutating func openURL(numbered text: String, of urls: [ArticleURL], _ environment: ReaderEnvironment) -> [ReaderEffect] {
        let typed = text.trimmingCharacters(in: .whitespaces)
        guard !typed.isEmpty else { return [] }
        guard let number = Int(typed) else {
            message = "Not a link number: \(Excerpt(typed))"
            return []
        }
        return perform(ArticleScreen.open(number, of: urls), environment)
    }

    // MARK: - Flags

    /// Sets the flags typed at `edit-flags`' prompt (`shown` is what the screens showed when it
    /// was asked): letters only, as newsboat keeps; the star's letter stars the article. Anything
    /// else is refused with a line saying so, and nothing changes.
    mutating func setFlags(of id: ItemID, shown: ItemState, to text: String) -> [ReaderEffect] {
        guard let flags = ArticleFlags(validating: text) else {
            message = "Flags not changed: a flag is a letter, A-Z or a-z (not \(Excerpt(text)))"
            return []
        }
        let star = settings.config.starFlag
        let others = flags.setting(star, false), isStarred = flags.contains(star)
        guard others != shown.flags || isStarred != shown.isStarred else { return [] }
        message = flags.isEmpty ? "Flags cleared" : "Flags: \(flags.letters)"
        return mark(.flags(id, others: others, isStarred: isStarred, wasStarred: shown.isStarred))
    }

    // MARK: - Bookmarks

    /// newsboat's `bookmark`: asks for the link's URL, title, description and feed title, each
    /// prefilled, or, with `bookmark-autopilot`, saves it at once when they are known.
    mutating func bookmark(_ draft: Bookmark, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        let options = settings.bookmarks(environment)
        guard options.command != nil else {
            message = "Bookmarking is not set up: set bookmark-cmd in the config file"
            return []
        }
        var draft = draft
        if draft.title.isEmpty { draft.title = Bookmark.title(fromURL: draft.url) }
        if draft.feedTitle.isEmpty, let article = screens.last(where: { $0 is ArticleScreen }) as? ArticleScreen {
            // The URL view knows only the link: its article is the one under it.
            draft.feedTitle = article.item.feedName.text
        }
        if options.autopilot, !draft.url.isEmpty, !draft.title.isEmpty, !draft.feedTitle.isEmpty {
            return saveBookmark(draft, environment)
        }
        ask(.bookmark(draft, .url), text: draft.url)
        return []
    }

    /// Takes the answer to one of the bookmark's questions, then asks the next, or saves it.
    mutating func answerBookmark(_ draft: Bookmark, _ field: Bookmark.Field, with text: String, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        var draft = draft
        draft[field] = text
        if let next = field.next {
            ask(.bookmark(draft, next), text: draft[next])
            return []
        }
        return saveBookmark(draft, environment)
    }

    private mutating func saveBookmark(_ bookmark: Bookmark, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        let options = settings.bookmarks(environment)
        guard let command = options.command else { return [] }
        guard !bookmark.url.isEmpty else {
            message = "Not bookmarked: the URL is empty"
            return []
        }
        message = "Saving bookmark…"
        return [LogLine.info("bookmarking with \(command[0])"),
                .process(.bookmark(arguments: bookmark.arguments(command: command), interactive: options.interactive,
                                   timeout: settings.config.fullArticle.commandTimeout))]
    }
}
