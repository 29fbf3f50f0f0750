@testable import Configuration
import FeedStore
import FilterLanguage
import Foundation
import Testing

/// The config lines of the filter language, and the promise that no line is accepted silently.
@Suite struct ConfigFilterTests {
    @Test func ignoreArticleLinesMakeTheKillfile() throws {
        let config = Config(parsing: #"""
            ignore-article "*" "title =~ \"Sponsored\""
            ignore-article "https://a.example/feed" "author = \"Bot\" or age > 30"
            ignore-mode "display"
            """#)
        #expect(config.warnings.isEmpty)
        #expect(config.killfile.mode == .display)
        #expect(config.killfile.rules.map(\.feedURL) == [nil, "https://a.example/feed"])
        #expect(config.killfile.rules[0].expression == (try FilterParser.parse(#"title =~ "Sponsored""#)))
        #expect(Config().killfile.mode == .download)
    }

    @Test func badFilterLinesSayWhichLineAndColumn() {
        let config = Config(parsing: #"""
            ignore-article "*" "title =~ \"a\" and"
            ignore-article "*"
            ignore-mode "sometimes"
            define-filter unread "unread = yes"
            """#)
        #expect(config.warnings.map(\.line) == [1, 2, 3, 4])
        #expect(config.warnings[0].description == "config line 1: ignore-article: the expression, column 17: expected an attribute such as title or \"(\"; the expression ends here; ignored")
        #expect(config.warnings[3].message.contains("column 10"))
        #expect(config.killfile.rules.isEmpty && config.killfile.mode == .download)
    }

    @Test func newsboatLinesTidingsDoesNotActOnYetAreKeptWithoutAWarning() {
        let lines = [
            #"macro y set browser "mpv %u" ; open-in-browser ; set browser "firefox %u""#,
            #"search-highlight-colors black yellow bold"#,
            #"include /nonexistent/.newsboat/colors"#,
            #"notify-program ~/bin/notify"#,
        ]
        let config = Config(parsing: lines.joined(separator: "\n"))
        #expect(config.warnings.map(\.line) == [3], "only the missing file is a mistake")
        #expect(config.macros[.character("y")]?.steps.map(\.name) == ["set", "open-in-browser", "set"])
        #expect(config[\.searchHighlightColors] == ["black", "yellow", "bold"])
        #expect(config[\.notifyProgram] == "~/bin/notify")
    }

    /// Detaching a graphical browser is what Tidings does itself: such a line means the browser
    /// alone and is not a mistake.
    @Test func aBrowserLineThatOnlyDetachesIsReadAsTheBrowserAlone() {
        let lines = [
            ("firefox %u >/dev/null 2>&1 &", "firefox %u"),
            ("xdg-open %u &", "xdg-open %u"),
            ("nohup firefox %u &>/dev/null &", "firefox %u"),
            ("setsid -f qutebrowser --target tab %u >/dev/null 2>&1", "qutebrowser --target tab %u"),
            ("chromium %u 2> /dev/null", "chromium %u"),
        ]
        for (command, plain) in lines {
            let config = Config(parsing: "browser \"\(command)\"")
            #expect(config.warnings.isEmpty, "\(command): \(config.warnings)")
            #expect(config[\.browser] == plain)
        }
    }

    @Test func aBrowserWrittenForAShellIsExplainedWithACorrectLineOrNone() {
        let suggestions = [
            ("firefox %u >> ~/browser.log &", #"browser "firefox %u""#),
            ("lynx %u &", #"browser "lynx %u""#),
            ("echo %u | xclip", nil),
            ("open %u; true", nil),
            ("firefox %u && notify-send opened", nil),
        ]
        for (command, suggestion) in suggestions {
            let config = Config(parsing: "browser \"\(command)\"")
            #expect(config.warnings.count == 1, "\(command)")
            let message = config.warnings.first?.message ?? ""
            #expect(message.contains("without a shell") && message.contains("passed to the browser"), "\(message)")
            if let suggestion {
                #expect(message.contains(suggestion), "\(message)")
            } else {
                #expect(!message.contains("browser \"") && message.contains("script"), "\(message)")
            }
            #expect(config[\.browser] == command)
        }
        let plain = Config(parsing: #"browser "firefox --new-tab %u""#)
        #expect(plain.warnings.isEmpty)
    }
}
