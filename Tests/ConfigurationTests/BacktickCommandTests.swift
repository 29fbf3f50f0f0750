@testable import Configuration
import Foundation
import Testing

/// newsboat runs a command written in backticks and reads the line with its output in its place
/// (users keep logins and passwords out of their dotfiles this way).
@Suite struct BacktickCommandTests {
    @Test func aCommandInBackticksIsReplacedByItsOutput() {
        let config = Config(parsing: """
            freshrss-login `printf 'reader-one\\n'`
            user-agent "Tidings/`printf 1.0`"
            """)
        #expect(config.warnings.isEmpty, "\(config.warnings.map(\.description))")
        #expect(config[\.freshrss.login] == "reader-one")
        #expect(config[\.userAgent] == "Tidings/1.0")
    }

    /// The output is read as part of the line, so it may give several values: a colour pair.
    @Test func theOutputMayHoldSeveralValues() {
        let config = Config(parsing: "color listfocus `printf 'yellow blue'` bold")
        #expect(config.warnings.isEmpty, "\(config.warnings.map(\.description))")
        #expect(config.directives(named: "color").first?.arguments == ["listfocus", "yellow", "blue", "bold"])
    }

    @Test func anUnpairedBacktickIsKeptAsWritten() {
        let config = Config(parsing: #"feedlist-title-format "Feeds%?T? - tag `%T'&?""#)
        #expect(config.warnings.isEmpty)
        #expect(config[\.feedlistTitleFormat] == "Feeds%?T? - tag `%T'&?")
    }

    @Test func aCommentIsNeverRun() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-backtick-\(UUID().uuidString)")
        let config = Config(parsing: "reload-threads 4 # not `touch \(marker.path)`\n# nor `touch \(marker.path)`")
        #expect(config.warnings.isEmpty)
        #expect(config[\.reloadThreads] == 4)
        #expect(!FileManager.default.fileExists(atPath: marker.path))
    }
}
