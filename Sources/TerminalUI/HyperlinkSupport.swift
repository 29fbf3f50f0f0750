/// Whether the terminal makes OSC 8 hyperlinks clickable, told from its environment: what
/// `hyperlinks auto` decides, as `image-protocol auto` tells pictures.
///
/// A terminal that does not know OSC 8 should ignore it, but not all do (some print its bytes),
/// and no terminal answers a query about it: only terminals known to support it get hyperlinks.
///
/// - Inside tmux, tmux decides: 3.4 and newer keep the links and pass them on to a terminal it
///   has the `hyperlinks` feature for (`set -as terminal-features ',xterm-kitty:hyperlinks'`);
///   older ones are not written to. Inside GNU screen, never.
/// - Else: VTE 0.50 or newer (GNOME Terminal, Tilix, Terminator, Xfce Terminal; `VTE_VERSION`
///   5000 and up), kitty, WezTerm, iTerm2 (also over ssh, where it sets `LC_TERMINAL`), foot,
///   Windows Terminal and Alacritty (0.11 and newer make them clickable; older ones ignore them).
///   Over ssh only `TERM` and what ssh passes on are seen: kitty and foot are known by `TERM`.
public enum HyperlinkSupport {
    public static func detect(environment: [String: String]) -> Bool {
        let term = environment["TERM"] ?? ""
        let program = environment["TERM_PROGRAM"] ?? ""
        if environment["TMUX"] != nil || term.hasPrefix("tmux") {
            guard program == "tmux", let version = environment["TERM_PROGRAM_VERSION"].flatMap(Self.version) else { return false }
            return version >= (3, 4)
        }
        if environment["STY"] != nil || term.hasPrefix("screen") { return false }
        if let vte = environment["VTE_VERSION"].flatMap({ Int($0) }), vte >= 5000 { return true }
        if term == "xterm-kitty" || environment["KITTY_WINDOW_ID"] != nil { return true }
        if program == "WezTerm" || program == "iTerm.app" || environment["LC_TERMINAL"] == "iTerm2" { return true }
        if term == "foot" || term.hasPrefix("foot-") { return true }
        if environment["WT_SESSION"] != nil { return true }
        if term == "alacritty" || environment["ALACRITTY_WINDOW_ID"] != nil { return true }
        return false
    }

    /// The major and minor number of a version such as `3.4`, `3.3a` or `next-3.5`.
    static func version(_ text: String) -> (Int, Int)? {
        let numbers = text.drop { !$0.isNumber }.split(separator: ".", maxSplits: 2)
        guard numbers.count >= 2, let major = Int(numbers[0]) else { return nil }
        return (major, Int(numbers[1].prefix { $0.isNumber }) ?? 0)
    }
}
