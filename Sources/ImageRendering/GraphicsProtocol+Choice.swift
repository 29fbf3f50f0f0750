extension GraphicsProtocol {
    /// The protocol for `image-protocol auto`: what the terminal answered first (see
    /// TerminalUI's `GraphicsQuery`), then what its environment says.
    ///
    /// Inside tmux or screen, blocks: a multiplexer passes neither kitty's placements nor sixels
    /// through reliably, and its panes move pictures it does not know about. iTerm2 (also over
    /// ssh, where it sets `LC_TERMINAL`) and WezTerm get the iTerm2 protocol when they did not
    /// answer the kitty query; a kitty that did not answer in time is known by `TERM` or
    /// `KITTY_WINDOW_ID`.
    public static func choose(environment: [String: String], kittyGraphics: Bool, sixel: Bool) -> GraphicsProtocol {
        let term = environment["TERM"] ?? ""
        let program = environment["TERM_PROGRAM"] ?? ""
        if environment["TMUX"] != nil || environment["STY"] != nil || term.hasPrefix("screen") || term.hasPrefix("tmux") {
            return .blocks
        }
        if kittyGraphics { return .kitty }
        if program == "iTerm.app" || environment["LC_TERMINAL"] == "iTerm2" || program == "WezTerm" { return .iterm2 }
        if sixel { return .sixel }
        if term == "xterm-kitty" || environment["KITTY_WINDOW_ID"] != nil { return .kitty }
        return .blocks
    }
}
