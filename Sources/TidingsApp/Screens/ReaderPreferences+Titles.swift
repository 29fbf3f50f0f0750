import Configuration
import FeedFetcher

extension ReaderPreferences {
    /// The title bar newsboat's format for `kind` gives (`%N` Tidings, `%V` its version, the
    /// other letters from `fields`, empty when missing); nil when the config sets none, and the
    /// screen keeps its own title and counts.
    func formattedTitle(_ kind: ListFormat.Kind, _ fields: [Character: String]) -> String? {
        titleFormats.title(kind, version: TidingsVersion.current) { fields[$0] ?? "" }
    }

    /// Whether a title format replaces the screen's own title (and its counts on the right).
    func formatsTitle(_ kind: ListFormat.Kind) -> Bool {
        titleFormats[kind] != nil
    }
}
