import Testing
@testable import TerminalUI

/// `hyperlinks auto`: the terminals known to make OSC 8 links clickable, told from the
/// environment they give their programs.
@Suite struct HyperlinkSupportTests {
    @Test func terminalsThatSupportThem() {
        let supporting: [[String: String]] = [
            ["TERM": "xterm-256color", "VTE_VERSION": "7600"],
            ["TERM": "xterm-256color", "VTE_VERSION": "5000"],
            ["TERM": "xterm-kitty"],
            ["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"],
            ["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"],
            ["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"],
            ["TERM": "xterm-256color", "LC_TERMINAL": "iTerm2"],
            ["TERM": "foot"], ["TERM": "foot-extra"],
            ["TERM": "xterm-256color", "WT_SESSION": "5c8c0f5e"],
            ["TERM": "alacritty"], ["TERM": "xterm-256color", "ALACRITTY_WINDOW_ID": "94"],
            ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "TERM_PROGRAM": "tmux", "TERM_PROGRAM_VERSION": "3.4"],
            ["TERM": "screen-256color", "TMUX": "/tmp/tmux-0/default,1,0", "TERM_PROGRAM": "tmux", "TERM_PROGRAM_VERSION": "3.5a"],
            ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "TERM_PROGRAM": "tmux", "TERM_PROGRAM_VERSION": "next-3.6"],
        ]
        for environment in supporting {
            #expect(HyperlinkSupport.detect(environment: environment), "\(environment)")
        }
    }

    @Test func terminalsThatDoNotOrMayNot() {
        let others: [[String: String]] = [
            [:], ["TERM": "xterm-256color"], ["TERM": "xterm"], ["TERM": "linux"], ["TERM": "dumb"],
            ["TERM": "xterm-256color", "VTE_VERSION": "4803"],
            ["TERM": "xterm-256color", "VTE_VERSION": "not a number"],
            // tmux before 3.4, or one that does not say which it is; GNU screen.
            ["TERM": "screen-256color", "TMUX": "/tmp/tmux-0/default,1,0", "TERM_PROGRAM": "tmux", "TERM_PROGRAM_VERSION": "3.3a"],
            ["TERM": "screen-256color", "TMUX": "/tmp/tmux-0/default,1,0"],
            // Inside tmux, what the outer terminal said no longer holds.
            ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "KITTY_WINDOW_ID": "1", "VTE_VERSION": "7600"],
            ["TERM": "screen.xterm-256color", "STY": "1234.pts-0.host", "VTE_VERSION": "7600"],
        ]
        for environment in others {
            #expect(!HyperlinkSupport.detect(environment: environment), "\(environment)")
        }
    }

    @Test func versions() {
        #expect(HyperlinkSupport.version("3.4")! == (3, 4))
        #expect(HyperlinkSupport.version("3.3a")! == (3, 3))
        #expect(HyperlinkSupport.version("next-3.6")! == (3, 6))
        #expect(HyperlinkSupport.version("3") == nil)
    }
}
