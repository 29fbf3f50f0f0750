import Configuration
import FeedFetcher

extension ReaderPreferences {
    /// The title bar newsboat's format for `kind` gives (`%N` Tidings, `%V` its version, the
    /// other letters from `fields`, empty when missing); nil when the config sets none, and the
    /// screen keeps its own title and counts. The format's whole text replaces both.
    func formattedTitle(_ kind: ListFormat.Kind, _ fields: [Character: String]) -> TitleFormats.Title? {
        titleFormats.title(kind, version: TidingsVersion.current) { fields[$0] ?? "" }
    }
}
