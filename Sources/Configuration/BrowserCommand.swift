import Foundation

/// The command that opens a link: the `browser` option split into an argument vector, run
/// directly (never through a shell).
///
/// Newsboat's syntax: words separated by spaces, `'single'` and `"double"` quotes group words,
/// a backslash escapes the next character, and `%u` stands for the URL — replaced *after*
/// splitting, so whatever the URL holds (`$(…)`, backticks, `;`, quotes, spaces) arrives as part
/// of one literal argument. Without `%u`, the URL is added as the last argument.
///
/// ```swift
/// let command = try BrowserCommand(parsing: "lynx -accept_all_cookies %u")
/// command.arguments(for: "https://example.org/?q=$(id)")
/// // ["lynx", "-accept_all_cookies", "https://example.org/?q=$(id)"]
/// ```
public struct BrowserCommand: Hashable, Sendable {
    /// The words of the command, `%u` not yet replaced.
    public let words: [String]

    /// Browsers that draw in the terminal and must be given it (the reader suspends meanwhile).
    static let textModeBrowsers: Set<String> = [
        "lynx", "w3m", "links", "links2", "elinks", "browsh", "carbonyl", "cha", "chawan", "amfora",
        "bombadillo", "edbrowse", "netrik", "retawq", "www-browser", "nom", "less", "more",
    ]

    /// Why a `browser` option cannot be used.
    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case empty
        case unterminatedQuote(Character)

        public var description: String {
            switch self {
            case .empty: return "the browser command is empty"
            case .unterminatedQuote(let quote): return "the browser command has an unterminated \(quote) quote"
            }
        }
    }

    public init(parsing command: String) throws {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in command {
            if escaped {
                word.append(character)
                escaped = false
                inWord = true
            } else if character == "\\" && quote != "'" {
                escaped = true
                inWord = true
            } else if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character.isWhitespace {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if let quote { throw ParseError.unterminatedQuote(quote) }
        if escaped { word.append("\\") }
        if inWord { words.append(word) }
        guard !words.isEmpty else { throw ParseError.empty }
        self.words = words
    }

    /// The argument vector for opening `url`: `%u` replaced by the URL in every word (`%%` is a
    /// literal `%`), or the URL appended when no word has `%u`.
    public func arguments(for url: String) -> [String] {
        var sawPlaceholder = false
        var result = words.map { word -> String in
            var output = ""
            var iterator = word.makeIterator()
            while let character = iterator.next() {
                guard character == "%" else {
                    output.append(character)
                    continue
                }
                switch iterator.next() {
                case "u"?:
                    output += url
                    sawPlaceholder = true
                case "%"?: output.append("%")
                case let other?: output += "%" + String(other)
                case nil: output.append("%")
                }
            }
            return output
        }
        if !sawPlaceholder { result.append(url) }
        return result
    }

    /// Why a link is not handed to the browser.
    public enum LinkRefusal: Error, Equatable, CustomStringConvertible {
        /// A control character (a line break, ESC, DEL, C1…) anywhere in the link.
        case controlCharacter
        /// Not an absolute URL with one of `openableSchemes`: a relative link, a leading `-`,
        /// `file:`, `javascript:`…
        case unsupportedScheme

        public var description: String {
            switch self {
            case .controlCharacter: return "the link contains control characters"
            case .unsupportedScheme: return "only http, https, ftp, gopher, gemini and mailto links are opened"
            }
        }
    }

    /// The schemes a link may have to be opened.
    public static let openableSchemes: Set<String> = ["http", "https", "ftp", "gopher", "gemini", "mailto"]

    /// Checks that `link` may be given to a browser, and returns it unchanged.
    ///
    /// The rule that keeps a feed from injecting options into the browser: only absolute URLs
    /// whose scheme is in `openableSchemes` are opened. Such a link starts with a letter, so it can
    /// never be read as an option (`-remote …`, `--new-instance`), whatever the browser. Inserting
    /// `--` before the URL was rejected: many browsers and wrappers (xdg-open, some `$BROWSER`
    /// scripts) do not understand it and would open a page named `--`. Control characters are
    /// refused too: a line break in an argument confuses the scripts that wrap browsers, and no
    /// valid URL contains one. Everything else (`$(…)`, backticks, `;`, `|`, quotes, spaces) is
    /// harmless, because the URL is one literal argument of a program run without a shell.
    public static func checkLink(_ link: String) throws(LinkRefusal) -> String {
        if link.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw .controlCharacter
        }
        guard let colon = link.firstIndex(of: ":"),
            Self.openableSchemes.contains(link[..<colon].lowercased())
        else { throw .unsupportedScheme }
        return link
    }

    /// The program's name without its directory.
    public var programName: String {
        (words[0] as NSString).lastPathComponent
    }

    /// True for browsers that run in the terminal (lynx, w3m, elinks…), and for every browser
    /// when there is no graphical display to open a window on.
    public func isTextMode(environment: [String: String]) -> Bool {
        if Self.textModeBrowsers.contains(programName) { return true }
        let hasDisplay = !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        return !hasDisplay
    }

    /// The browser to use: the `browser` option when set, else the first usable entry of
    /// `$BROWSER` (a colon-separated list), else `xdg-open`, `lynx` or `w3m` — whichever is
    /// found on `PATH` first. Nil when none is available.
    public static func resolve(configured: String?, environment: [String: String]) throws -> BrowserCommand? {
        if let configured, !configured.trimmingCharacters(in: .whitespaces).isEmpty {
            return try BrowserCommand(parsing: configured)
        }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        if let list = environment["BROWSER"] {
            for entry in list.split(separator: ":") {
                if let command = try? BrowserCommand(parsing: String(entry)), isExecutable(command.words[0], path: path) {
                    return command
                }
            }
        }
        for candidate in ["xdg-open", "lynx", "w3m"] where isExecutable(candidate, path: path) {
            return try BrowserCommand(parsing: candidate)
        }
        return nil
    }

    static func isExecutable(_ program: String, path: String) -> Bool {
        if program.contains("/") { return FileManager.default.isExecutableFile(atPath: program) }
        return path.split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(program)")
        }
    }
}
