import FeedModel
import FeedModel

/// newsboat's commands around the article: `bookmark-cmd` (with `bookmark-autopilot` and
/// `bookmark-interactive`), `html-renderer` and `pager`. Each is split into words as `browser`
/// is, never by a shell; a value that cannot be split is a warning and is not kept.
extension Config {
    public var bookmarkOptions: BookmarkOptions {
        BookmarkOptions(
            command: Self.words(of: self[\.bookmarkCmd]),
            autopilot: self[\.bookmarkAutopilot],
            interactive: self[\.bookmarkInteractive])
    }

    /// `html-renderer` in words; nil for `internal` (Tidings' own renderer) or none.
    public var htmlRenderer: [String]? {
        let text = self[\.htmlRenderer]
        return text == "internal" ? nil : Self.words(of: text)
    }

    /// What `pager` asks for: Tidings' own article view, or a program.
    public enum Pager: Sendable, Equatable {
        case builtIn
        /// A program's words; `%f` stands for the file holding the article's text (else it is
        /// added as the last argument). An empty `pager` is `$PAGER`, resolved by the reader.
        case program([String])
        /// `pager ""`: `$PAGER`, as in newsboat.
        case environment
    }

    public var pager: Pager {
        let text = self[\.pager]
        if text == "internal" { return .builtIn }
        if text.trimmingCharacters(in: .whitespaces).isEmpty { return .environment }
        return Self.words(of: text).map { .program($0) } ?? .builtIn
    }

    /// The words of a command option, or nil when it is empty or cannot be split.
    private static func words(of text: String) -> [String]? {
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return try? CommandArguments.split(text)
    }
}
