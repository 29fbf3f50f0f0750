import TerminalUI

/// The key bindings, newsboat-like, and the help text that describes them: both come from this
/// one table so the help screen cannot drift from what the keys do.
public enum KeyMap {
    /// The screens whose bindings differ.
    public enum Context: Hashable, Sendable {
        case feedList, itemList, article, help
    }

    /// Keys bound to one command, with the line the help screen shows.
    public struct Binding: Hashable, Sendable {
        public var keys: [Key]
        public var command: KeyCommand
        public var summary: String
    }

    /// The bindings active in `context`, in help-screen order.
    public static func bindings(for context: Context) -> [Binding] {
        var result: [Binding] = [
            Binding(keys: [.up, .character("k")], command: .up, summary: context == .article ? "Scroll up" : "Previous line"),
            Binding(keys: [.down, .character("j")], command: .down, summary: context == .article ? "Scroll down" : "Next line"),
            Binding(keys: [.pageUp, .control("b")], command: .pageUp, summary: "Previous page"),
            Binding(keys: context == .article ? [.pageDown, .character(" "), .control("f")] : [.pageDown, .control("f")], command: .pageDown, summary: "Next page"),
            Binding(keys: [.home, .character("g")], command: .home, summary: "Go to the top"),
            Binding(keys: [.end, .character("G")], command: .end, summary: "Go to the bottom"),
        ]
        switch context {
        case .feedList:
            result += [
                Binding(keys: [.enter, .right, .character("l")], command: .open, summary: "Open the feed"),
                Binding(keys: [.character("q")], command: .quit, summary: "Quit"),
                Binding(keys: [.character("r")], command: .reload, summary: "Reload the selected feed"),
                Binding(keys: [.character("R")], command: .reloadAll, summary: "Reload all feeds"),
                Binding(keys: [.character("A")], command: .markFeedRead, summary: "Mark the selected feed read"),
                Binding(keys: [.character("o")], command: .openInBrowser, summary: "Open the feed's website in the browser"),
            ]
        case .itemList:
            result += [
                Binding(keys: [.enter, .right, .character("l")], command: .open, summary: "Open the article"),
                Binding(keys: [.left, .escape, .character("q"), .character("h")], command: .back, summary: "Back to the feeds"),
                Binding(keys: [.character("r")], command: .reload, summary: "Reload this feed"),
                Binding(keys: [.character("R")], command: .reloadAll, summary: "Reload all feeds"),
                Binding(keys: [.character("N")], command: .toggleRead, summary: "Toggle read/unread"),
                Binding(keys: [.character("A")], command: .markFeedRead, summary: "Mark this feed read"),
                Binding(keys: [.character("o")], command: .openInBrowser, summary: "Open the article's link in the browser"),
            ]
        case .article:
            result += [
                Binding(keys: [.left, .escape, .character("q"), .character("h")], command: .back, summary: "Back to the articles"),
                Binding(keys: [.character("o")], command: .openInBrowser, summary: "Open the article's link in the browser"),
                Binding(keys: [.character("N")], command: .toggleRead, summary: "Toggle read/unread"),
                Binding(keys: [.character("r")], command: .reload, summary: "Reload this feed"),
                Binding(keys: [.character("R")], command: .reloadAll, summary: "Reload all feeds"),
            ]
        case .help:
            result += [
                Binding(keys: [.left, .escape, .character("q"), .character("?")], command: .back, summary: "Close the help"),
            ]
        }
        if context != .help {
            result += [
                Binding(keys: [.character("n")], command: .nextUnread, summary: "Next unread article"),
                Binding(keys: [.character("p")], command: .previousUnread, summary: "Previous unread article"),
                Binding(keys: [.character("?")], command: .help, summary: "This help"),
            ]
        }
        result.append(Binding(keys: [.character("Q")], command: .quitAll, summary: "Quit from anywhere"))
        return result
    }

    /// The command `key` stands for in `context`, if any.
    public static func command(for key: Key, in context: Context) -> KeyCommand? {
        table[context]?[key]
    }

    private static let table: [Context: [Key: KeyCommand]] = {
        var table: [Context: [Key: KeyCommand]] = [:]
        for context in [Context.feedList, .itemList, .article, .help] {
            var map: [Key: KeyCommand] = [:]
            for binding in bindings(for: context) {
                for key in binding.keys { map[key] = binding.command }
            }
            table[context] = map
        }
        return table
    }()

    /// The help screen's lines for `context`: keys on the left, what they do on the right.
    public static func helpLines(for context: Context) -> [TextView.Line] {
        let rows = bindings(for: context).map { binding in
            (binding.keys.map(\.description).joined(separator: " "), binding.summary)
        }
        let keyWidth = min(24, rows.map { DisplayWidth.of($0.0) }.max() ?? 0)
        var lines = rows.map { keys, summary in
            let padding = String(repeating: " ", count: max(1, keyWidth - DisplayWidth.of(keys) + 2))
            return TextView.Line(StyledText(keys, style: .bold) + StyledText(padding + summary), continuationIndent: keyWidth + 2)
        }
        if context == .article {
            lines.append(TextView.Line(StyledText("0-9 Enter", style: .bold) + StyledText(String(repeating: " ", count: max(1, keyWidth - 9 + 2)) + "Open link number N"), continuationIndent: keyWidth + 2))
        }
        return lines
    }
}
