/// newsboat's bookmarking: `bookmark-cmd` (a program given the URL, title, description and feed
/// title as its four arguments), `bookmark-autopilot` (no questions asked) and
/// `bookmark-interactive` (the program gets the terminal).
public struct BookmarkOptions: Sendable, Equatable {
    /// The program's words, `~/` not yet expanded; nil when bookmarking is not set up.
    public var command: [String]?
    public var autopilot = false
    public var interactive = false

    public init(command: [String]? = nil, autopilot: Bool = false, interactive: Bool = false) {
        self.command = command
        self.autopilot = autopilot
        self.interactive = interactive
    }
}
