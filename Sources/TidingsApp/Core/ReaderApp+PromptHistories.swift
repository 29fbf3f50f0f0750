import Configuration

/// The prompts' histories across sessions (`history-limit`): read from their files when the
/// reader starts, written when it quits, by the runner (see `HistoryFiles`).
extension ReaderApp {
    /// `history-limit`: the lines of each history kept between sessions (0: none).
    var historyLimit: Int {
        settings.config[\.historyLimit]
    }

    /// The read of the last sessions' histories, when they are kept in files.
    var historiesAtStart: [ReaderEffect] {
        guard let files = settings.historyFiles, historyLimit > 0 else { return [] }
        return [.readHistories(files, limit: historyLimit)]
    }

    /// Puts the last sessions' lines before those typed since the reader started; a prompt open
    /// meanwhile gets them too.
    func takeHistories(commandLine: [String], search: [String]) {
        histories.commandLine.prepend(commandLine)
        histories.search.prepend(search)
        hasReadHistories = true
        if let question { navigation.prompt?.history = histories.lines(for: question) }
    }

    /// The write of the histories as the reader quits: the newest `history-limit` lines of each.
    /// None with `history-limit 0` (the files are left as they are, as newsboat leaves them), nor
    /// before the last sessions' lines were read, which a write would otherwise drop.
    var historiesOnQuit: [ReaderEffect] {
        guard let files = settings.historyFiles, historyLimit > 0, hasReadHistories else { return [] }
        return [.writeHistories(files, commandLine: histories.commandLine.newest(historyLimit), search: histories.search.newest(historyLimit))]
    }
}
