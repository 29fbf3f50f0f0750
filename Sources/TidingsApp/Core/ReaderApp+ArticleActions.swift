import Configuration
import FeedModel
import FeedStore
import Foundation

/// What the article view does with an article besides showing it: queue its enclosure for
/// podboat (`E`, on a list too, as is `u`), save it as text (`S`), send its text to a command
/// (`|`). The files are written and the command run by the `EffectRunner`; nothing here touches
/// the disk.
extension ReaderApp {
    /// The article-action options with `~` expanded and the queue file found.
    private var articleActions: ArticleActionOptions {
        settings.articleActions.resolved(environment: environment)
    }

    /// `u` or `E` on a list, once its selected article has been read from the store: what the
    /// same key does in the article view.
    func perform(_ action: ReaderIntent.ArticleAction, on loaded: LoadedArticle?) -> [ReaderEffect] {
        guard let loaded else {
            transientMessage = "This article is no longer in the cache"
            return []
        }
        switch action {
        case .showURLs:
            // The body the article would open on, so that the numbers are the article's.
            let body = (loaded.opensFullArticle ? loaded.fullArticle ?? loaded.rendered : loaded.rendered).body
            let urls = ArticleURL.all(in: body, enclosures: loaded.item.item.enclosures)
            return perform(.showURLs(urls, articleTitle: ArticleScreen.title(of: loaded.item)))
        case .enqueue:
            return enqueue(loaded.item)
        }
    }

    /// Queues the article's first enclosure, its path made from the download options.
    func enqueue(_ item: StoredItem) -> [ReaderEffect] {
        guard let enclosure = item.item.enclosures.first else {
            transientMessage = "This article has no enclosure to queue"
            return []
        }
        let options = articleActions
        guard let queueFile = options.queueFile else { return [] }
        let episode = PodcastQueue.Episode(url: enclosure.url, feedName: item.feedTitle, title: item.item.title ?? "", date: item.date)
        let target = PodcastQueue.target(for: episode, downloadPath: options.downloadPath, fileNameFormat: options.downloadFileNameFormat,
                                         timeZone: settings.preferences.timeZone)
        return [.enqueue(url: enclosure.url, queue: PodcastQueue(path: queueFile), target: target)]
    }

    /// `podcast-auto-enqueue`: after a reload, the articles it stored that have an enclosure.
    func episodesAfterReload() -> [ReaderEffect] {
        guard settings.podcastAutoEnqueue, let since = fullArticleFetches.reloadStarted else { return [] }
        return [.load(StoreRead(query: .newEpisodes(since: since), reply: .newEpisodes))]
    }

    /// Queues the enclosure of each of `items`, as `E` would; one already queued is not queued
    /// again (see `PodcastQueue`).
    func enqueueAutomatically(_ items: [StoredItem]) -> [ReaderEffect] {
        guard !items.isEmpty else { return [] }
        logger.info("podcast-auto-enqueue: queueing \(items.count) enclosures")
        return items.flatMap { enqueue($0) }
    }

    /// Asks where to save, proposing `save-path` and a name made from the title.
    func askWhereToSave(_ article: ArticleText) {
        var article = article
        if !restrictsFileNames {
            article.proposedFileName = ArticleText.unrestrictedFileName(for: article.title)
        }
        ask(.savePath(article), text: proposedSaveDirectory + article.proposedFileName)
    }

    /// Saves to the path typed (`~` is the home directory; a relative path is in `save-path`).
    func save(_ article: ArticleText, to answer: String) -> [ReaderEffect] {
        guard let path = savePath(typed: answer) else { return [] }
        return [.saveText(article, path: path, replacing: false)]
    }

    /// `save-path` with a slash after it, as the save prompts propose it.
    var proposedSaveDirectory: String {
        let directory = articleActions.savePath
        return directory.hasSuffix("/") ? directory : directory + "/"
    }

    /// The path typed at a save prompt: `~` is the home directory, a relative path is in
    /// `save-path`; nil when nothing was typed.
    func savePath(typed answer: String) -> String? {
        let typed = answer.trimmingCharacters(in: .whitespaces)
        guard !typed.isEmpty else { return nil }
        let path = ArticleActionOptions.expand(typed, home: environment["HOME"] ?? NSHomeDirectory())
        return path.hasPrefix("/") ? path : proposedSaveDirectory + path
    }

    /// Whether the names `save` proposes keep only the title's letters and digits
    /// (`restrict-filename`).
    var restrictsFileNames: Bool {
        settings.config[\.restrictFilename]
    }

    /// Runs the command typed, its words split as the `browser` option's are, never by a shell.
    func pipe(_ article: ArticleText, to answer: String) -> [ReaderEffect] {
        guard !answer.trimmingCharacters(in: .whitespaces).isEmpty else { return [] }
        let command: BrowserCommand
        do {
            command = try BrowserCommand(parsing: answer)
        } catch {
            transientMessage = "Not run: \(error)"
            return []
        }
        logger.info("piping an article to \(command.programName)")
        return [.pipe(arguments: command.words, text: article.text)]
    }
}

extension ReaderApp {
    /// Sets the flags typed at `edit-flags`' prompt (`shown` is what the screens showed when it
    /// was asked): letters only, as newsboat keeps; the star's letter stars the article. Anything
    /// else is refused with a line saying so, and nothing changes.
    func setFlags(of id: ItemID, shown: ItemState, to text: String) -> [ReaderEffect] {
        guard let flags = ArticleFlags(validating: text) else {
            transientMessage = "Flags not changed: a flag is a letter, A-Z or a-z (not \(Excerpt(text)))"
            return []
        }
        let star = settings.preferences.starFlag
        let others = flags.setting(star, false), isStarred = flags.contains(star)
        guard others != shown.flags || isStarred != shown.isStarred else { return [] }
        transientMessage = flags.isEmpty ? "Flags cleared" : "Flags: \(flags.letters)"
        return mark(.flags(id, others: others, isStarred: isStarred, wasStarred: shown.isStarred))
    }
}
