import Configuration
import FeedFetcher
import FeedStore
import Foundation
import ImageRendering
import TerminalUI

/// What a screen knows of the reader while it handles a key, lays itself out or draws: the
/// options in force, the look, the marks not yet written, the time of the message, and which
/// feeds reload. Made by `ReaderState` for each call; screens keep none of it.
struct ScreenContext {
    var config: Config
    /// `config`'s colours, made reverse video where the terminal shows none.
    var theme: Theme
    /// The zone dates are shown in.
    var timeZone: TimeZone
    /// How pictures are drawn: `image-protocol`, `auto` resolved by asking the terminal at start.
    var imageProtocol: ImageProtocolChoice
    var cellSize: CellSize
    var marks: PendingMarks
    /// The time of the message being handled (`age` in filters).
    var now: Date
    /// When this session of the reader began: places kept before it are restored.
    var sessionStart: Date
    /// The feeds being reloaded (by URL), and the spinner's frame.
    var reloading: Set<String>
    var spinnerFrame: Character
    /// `sync-local-feeds`: the urls file's feeds are marked in the feed list.
    var marksLocalFeeds: Bool

    var keyMap: KeyMap { config.keyMap }

    /// `articlelist-format`'s layout of article rows; nil for Tidings' own.
    var articleListFormat: ListFormat? {
        let format = config[\.articlelistFormat]
        return format.isEmpty ? nil : ListFormat(format, kind: .articleList)
    }

    /// A title bar as `option`'s format lays it out, when the config sets one.
    func formattedTitle(_ kind: ListFormat.Kind, _ fields: [Character: String]) -> TitleFormats.Title? {
        config.titleFormats.title(kind, version: TidingsVersion.current) { fields[$0] ?? "" }
    }

    /// The first key bound to `command` in `context`, for hints ("press a to add one").
    func key(for command: KeyCommand, in context: KeyMap.Context) -> Key? {
        keyMap.bindings(for: context).first { $0.command == command }?.keys.first
    }
}
