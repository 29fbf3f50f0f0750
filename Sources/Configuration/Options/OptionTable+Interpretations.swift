import FeedModel
import Foundation

/// The checks some options make beyond the shape of their value: shared by the declarations in
/// `OptionTable`, each a function from the value to what the option makes of it.
extension OptionTable {
    /// A format of the lists or the title bars: one with something Tidings cannot draw keeps the
    /// default layout (see `ListFormat`).
    static func format(_ kind: ListFormat.Kind) -> @Sendable (String, OptionFacts) -> ConfigOption<String>.Interpretation {
        { text, option in ListFormat.problem(in: text, kind: kind, option: option.name).map { .refuse($0) } ?? .accept(text) }
    }

    /// A command split into words without a shell (`notify-program ~/bin/notify.sh`); one that
    /// cannot be split is refused, and `fallback` says what happens instead.
    static func command(otherwise fallback: String) -> @Sendable (String, OptionFacts) -> ConfigOption<String>.Interpretation {
        { text, option in
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { return .accept(text) }
            do throws(CommandArguments.SplitError) {
                _ = try CommandArguments.split(text)
                return .accept(text)
            } catch {
                return .refuse("\(option.name): \(error.description); \(fallback)")
            }
        }
    }

    /// A regular expression (ICU's, as `NSRegularExpression` reads it).
    @Sendable static func regularExpression(_ text: String, _ option: OptionFacts) -> ConfigOption<String>.Interpretation {
        guard (try? NSRegularExpression(pattern: text)) != nil else {
            return .refuse("\(option.name): \"\(Excerpt(text))\" is not a regular expression; ignored")
        }
        return .accept(text)
    }

    /// `browser` written for a shell, read as Tidings runs it (see `Config.browserForShellLine`).
    @Sendable static func browserCommand(_ text: String, _: OptionFacts) -> ConfigOption<String>.Interpretation {
        let (command, warning) = Config.browserForShellLine(text)
        return warning.map { .acceptWithWarning(command, $0) } ?? .accept(command)
    }

    /// `search-highlight-colors`: colours and attributes as `color` takes them.
    @Sendable static func highlightStyle(_ words: [String], _ option: OptionFacts) -> ConfigOption<[String]>.Interpretation {
        do {
            _ = try SearchHighlight.parseStyle(words.joined(separator: " "))
            return .accept(words)
        } catch {
            return .refuse("\(option.name): \(error.description); default kept")
        }
    }
}
