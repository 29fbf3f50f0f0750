/// The histories of the prompts that have one, as newsboat's: the command line's (`:`) and the
/// search prompt's (`/`), kept between sessions in `HistoryFiles`, and the filter prompt's
/// (`set-filter`), kept for the session only (newsboat does not save it either).
struct PromptHistories: Hashable, Sendable {
    var commandLine = PromptHistory()
    var search = PromptHistory()
    var filter = PromptHistory()

    /// The history of the prompt asking `question`; nil for a prompt that has none (a feed's
    /// URL, a path, a title).
    private static func history(for question: ReaderQuestion) -> WritableKeyPath<PromptHistories, PromptHistory>? {
        switch question {
        case .command: \.commandLine
        case .search, .find: \.search
        case .filter: \.filter
        default: nil
        }
    }

    /// The lines Up and Down bring back at the prompt asking `question`, oldest first.
    func lines(for question: ReaderQuestion) -> [String] {
        Self.history(for: question).map { self[keyPath: $0].lines } ?? []
    }

    /// Keeps `line`, submitted at the prompt asking `question`, when that prompt has a history.
    mutating func record(_ line: String, answering question: ReaderQuestion) {
        guard let history = Self.history(for: question) else { return }
        self[keyPath: history].add(line)
    }
}
