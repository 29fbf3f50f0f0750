import Configuration
import FeedStore
import Foundation
import TerminalUI

/// Questions in the status row: the one-line prompts (search, a feed's URL, a title, tags, a
/// filter, a path, a command…) and the questions the next key answers (yes/no, a sort field).
/// What their answers do lives with their feature; the prompts' histories are kept here.
extension ReaderState {
    /// The prompt shown in the status row while a search is typed.
    static let searchPrompt = "Search: "

    /// Opens a one-line prompt in the status row for `question`, prefilled with `text`; `refusal`
    /// says why the text typed before was not taken.
    mutating func ask(_ question: ReaderQuestion, text: String = "", refusal: String? = nil) {
        var editor = LineEditor(prompt: (refusal.map { "\($0) — " } ?? "") + question.prompt, text: text)
        editor.history = histories.lines(for: question)
        if case .command = question {
            editor.completions = Self.commandNames + Config.settableOptionNames
            editor.firstWordCompletions = Self.commandNames
        }
        prompt = Prompt(editor: editor, question: question)
    }

    /// Shows a yes/no question in the status bar; the next key answers it.
    mutating func confirm(_ pending: ReaderConfirmation, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        switch pending {
        case .quit: message = "Quit Tidings? (y: yes, any other key: no)"
        case .delete(let feed): message = "Delete \(Self.shown(feed.name))? (y: yes, any other key: no)"
        case .markAllFeedsRead: message = "Mark every feed read? (y: yes, any other key: no)"
        case .deleteAllArticles: message = "Delete all articles? (y: yes, any other key: no)"
        case .markFeedRead(let feed): message = "Mark \(Self.shown(feed.name)) read? (y: yes, any other key: no)"
        case .replaceFile(_, let path):
            message = "Replace \(Excerpt((path as NSString).lastPathComponent))? It exists (y: yes, any other key: no)"
        case .sortOrder(let question): message = question.prompt
        case .overwriteSaved(let plan): message = overwriteQuestion(plan, environment)
        }
        confirmation = pending
        return []
    }

    /// Passes `key` to the open prompt and acts on Enter or Esc.
    mutating func handlePromptKey(_ key: Key, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        guard var open = prompt else { return [] }
        switch open.editor.handle(key) {
        case .editing:
            prompt = open
        case .cancelled:
            prompt = nil
        case .submitted(let text):
            prompt = nil
            histories.record(text, answering: open.question)
            return answer(open.question, with: text, environment)
        }
        return []
    }

    /// What the line typed at the prompt asking `question` does.
    private mutating func answer(_ question: ReaderQuestion, with text: String, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        switch question {
        case .search(let feed): return runSearch(text, in: feed)
        case .find:
            if let found = navigation.modifyTop({ screen -> String? in
                guard var article = screen as? ArticleScreen else { return nil }
                defer { screen = article }
                return article.find(text)
            }) { message = found }
        case .command: return runCommand(text, environment)
        case .addFeed(let tag): return startAdding(text.trimmingCharacters(in: .whitespaces), tag: tag)
        case .rename(let feed): return rename(feed, to: text.trimmingCharacters(in: .whitespaces))
        case .tags(let feed): return setTags(of: feed, from: text)
        case .filter: return applyTypedFilter(text)
        case .feedTitle: goToFeed(titled: text.trimmingCharacters(in: .whitespaces))
        case .definedFilter(let filters): return applyDefinedFilter(text, from: filters)
        case .savePath(let article): return save(article, to: text, environment)
        case .saveAllDirectory(let articles): return saveAll(articles, to: text, environment)
        case .pipeCommand(let article): return pipe(article, to: text)
        case .urlNumber(let urls): return openURL(numbered: text, of: urls, environment)
        case .flags(let id, let state): return setFlags(of: id, shown: state, to: text)
        case .bookmark(let draft, let field): return answerBookmark(draft, field, with: text, environment)
        }
        return []
    }

    /// What the key pressed while `pending` was asked does.
    mutating func answer(_ pending: ReaderConfirmation, with key: Key, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        switch pending {
        case .sortOrder(let question):
            return sort(question, answer: key, environment)
        case .overwriteSaved(let plan):
            return answerOverwrite(plan, with: key, environment)
        default:
            return key == .character("y") || key == .character("Y") ? confirmed(pending, environment) : []
        }
    }

    private mutating func confirmed(_ pending: ReaderConfirmation, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        switch pending {
        case .quit:
            return quit(status: 0, environment)
        case .delete(let feed):
            let title = Excerpt(feed.name.text)
            if managesFeedsOnServer {
                return editOnServer(ServerFeedEdit(change: .delete(feed.id), done: "Deleted \(title) on the feed server"))
            }
            return [.store(.editUrlsFile(UrlsFileEdit(change: .remove(url: feed.url, title: "\(title)"), done: "Deleted \(title)")))]
        case .replaceFile(let article, let path):
            return [.files(.saveText(article, path: path, replacing: true))]
        case .markAllFeedsRead:
            return markAllFeedsRead()
        case .deleteAllArticles(let feed):
            hasDeletedArticles = true
            recordDeletion(.allArticles(feed))
            return [.store(.deleteArticles(.allArticles(feed)))]
        case .markFeedRead(let feed):
            return markFeedRead(feed.id, environment)
        case .sortOrder, .overwriteSaved:
            // Not yes/no questions: answered by `answer(_:with:_:)`.
            return []
        }
    }

    /// Sorts every list of the question's kind by the field `key` chooses, for the rest of the
    /// session, or says that nothing was sorted.
    private mutating func sort(_ question: SortQuestion, answer key: Key, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        guard let (option, value, done) = question.answer(key) else {
            message = "Not sorted"
            return []
        }
        let change = changeOption(option, to: value, environment)
        message = change.warning ?? done
        return change.effects
    }

    /// A feed's title or URL as the status bar shows it: credentials removed, cut short.
    static func shown(_ name: DisplayName) -> Excerpt {
        Excerpt(name.text)
    }

    // MARK: - Histories

    /// `history-limit`: the lines of each history kept between sessions (0: none).
    var historyLimit: Int {
        settings.config[\.historyLimit]
    }

    /// The read of the last sessions' histories, when they are kept in files.
    var historiesAtStart: [ReaderEffect] {
        guard let files = settings.historyFiles, historyLimit > 0 else { return [] }
        return [.files(.readHistories(files, limit: historyLimit))]
    }

    /// Puts the last sessions' lines before those typed since the reader started; a prompt open
    /// meanwhile gets them too.
    mutating func takeHistories(commandLine: [String], search: [String]) {
        histories.commandLine.prepend(commandLine)
        histories.search.prepend(search)
        hasReadHistories = true
        if let question = prompt?.question { prompt?.editor.history = histories.lines(for: question) }
    }

    /// The write of the histories as the reader quits: the newest `history-limit` lines of each.
    /// None with `history-limit 0` (the files are left as they are, as newsboat leaves them), nor
    /// before the last sessions' lines were read, which a write would otherwise drop.
    var historiesOnQuit: [ReaderEffect] {
        guard let files = settings.historyFiles, historyLimit > 0, hasReadHistories else { return [] }
        return [.files(.writeHistories(files, commandLine: histories.commandLine.newest(historyLimit),
                                       search: histories.search.newest(historyLimit)))]
    }
}
