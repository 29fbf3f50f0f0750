@testable import Configuration
import FeedStore
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

    @Test func everyLineTidingsDoesNotApplyIsWarnedAbout() {
        let lines = [
            #"macro y set browser "mpv %u" ; open-in-browser ; set browser "firefox %u""#,
            #"search-highlight-colors black yellow bold"#,
            #"include /nonexistent/.newsboat/colors"#,
            #"notify-program ~/bin/notify"#,
        ]
        let config = Config(parsing: lines.joined(separator: "\n"))
        #expect(config.warnings.map(\.line) == [2, 3, 4], "the macro is defined; the rest is warned about")
        #expect(config.macros[.character("y")]?.steps.map(\.name) == ["set", "open-in-browser", "set"])
    }

    @Test func aBrowserWrittenForAShellIsExplained() {
        for command in ["firefox %u >/dev/null 2>&1 &", "xdg-open %u &", "echo %u | xclip", "open %u; true"] {
            let config = Config(parsing: "browser \"\(command)\"")
            #expect(config.warnings.count == 1, "\(command)")
            let message = config.warnings.first?.message ?? ""
            #expect(message.contains("without a shell") && message.contains("passed to the browser"), "\(message)")
            #expect(config.browser == command)
        }
        let plain = Config(parsing: #"browser "firefox --new-tab %u""#)
        #expect(plain.warnings.isEmpty)
        let message = Config(parsing: #"browser "firefox %u 2>&1 &""#).warnings.first?.message ?? ""
        #expect(message.contains(#"browser "firefox %u""#))
    }
}
