/// The lines submitted at one prompt, oldest first, which Up and Down bring back there (see
/// `LineEditor`). As in newsboat, an empty line is not kept, nor one that repeats the line just
/// before it.
struct PromptHistory: Hashable, Sendable {
    private(set) var lines: [String] = []

    init(_ lines: [String] = []) {
        for line in lines { add(line) }
    }

    /// Keeps `line` as the newest, unless it is blank or the same as the newest.
    mutating func add(_ line: String) {
        guard !line.allSatisfy(\.isWhitespace), lines.last != line else { return }
        lines.append(line)
    }

    /// Puts `earlier` (a previous session's lines, read from its file) before the lines of this
    /// session, which stay the newest.
    mutating func prepend(_ earlier: [String]) {
        let current = lines
        self = PromptHistory(earlier)
        for line in current { add(line) }
    }

    /// The newest `limit` lines, oldest first: what `history-limit` keeps.
    func newest(_ limit: Int) -> [String] {
        Array(lines.suffix(max(0, limit)))
    }
}
