import Foundation
import TestSupport
import Testing

/// The real binary in tmux with a config file that rebinds keys and sets colours: the new keys
/// work, the help screen lists them, the colours reach the terminal (and stay away under
/// `NO_COLOR`), and the window title counts unread articles.
@Suite(.serialized, .enabled(if: TidingsBinary.path != nil && TmuxSession.tmuxPath != nil, "needs TIDINGS_BINARY and tmux (make test)"))
struct ConfigEndToEndTests {
    typealias Home = ReaderEndToEndTests.Home

    /// Two feeds on the loopback server, named in the urls file: Alpha with two articles, Beta
    /// with one.
    private func makeHome(config: String) throws -> Home {
        let home = try Home()
        try home.write(ReaderEndToEndTests.rss(title: "Alpha", items: [
            (title: "Alpha one", link: "https://alpha.example/1", date: "Thu, 20 Nov 2025 10:00:00 GMT", body: "<p>One.</p>"),
            (title: "Alpha two", link: "https://alpha.example/2", date: "Fri, 21 Nov 2025 10:00:00 GMT", body: "<p>Two.</p>"),
        ]), to: "feeds/alpha.xml")
        try home.write(ReaderEndToEndTests.rss(title: "Beta", items: [
            (title: "Beta one", link: "https://beta.example/1", date: "Fri, 21 Nov 2025 09:00:00 GMT", body: "<p>B.</p>"),
        ]), to: "feeds/beta.xml")
        try home.write("\(home.server.url("/alpha.xml")) \"~Alpha\"\n\(home.server.url("/beta.xml")) \"~Beta\"\n", to: "config/tidings/urls")
        try home.write(config, to: "config/tidings/config")
        return home
    }

    private func startReader(_ home: Home, environment extra: [String: String] = [:]) throws -> TmuxSession {
        try TmuxSession(
            command: "'\(TidingsBinary.path!)'; echo \"exit=$?\" > '\(home.path("exit-status"))'; sleep 30",
            environment: home.environment.merging(extra) { $1 }, width: 80, height: 20)
    }

    @Test func reboundKeysWorkAndTheHelpScreenListsThem() throws {
        let home = try makeHome(config: """
            bind-key x reload-all feedlist
            unbind-key r
            bind-key b quit articlelist
            """)
        let session = try startReader(home)
        try session.waitFor("Tidings — Feeds")

        // One write, one batch of keys: had `r` still reloaded the selected feed, `x` would have
        // found that reload running and Beta would not have been fetched.
        try session.type("rx")
        var screen = try session.waitFor("Reloaded 2 feeds — 3 new articles") { $0.contains { $0.hasSuffix("(2/2) Alpha") } }
        #expect(screen.contains { $0.hasSuffix("(1/1) Beta") })
        try waitForTitle(session, "Tidings (3 unread)")

        // The help screen shows what the config file made of the keys.
        try session.sendKeys("?")
        screen = try session.waitFor("Help — Feeds")
        #expect(screen.contains { $0.hasPrefix("R x ") && $0.hasSuffix("Reload all feeds  reload-all") })
        #expect(!screen.contains { $0.contains("Reload the selected feed") })
        try session.sendKeys("q")
        try session.waitFor("(2/2) Alpha")

        // newsboat's `quit` in the article list goes back to the feeds.
        try session.sendKeys("Enter")
        try session.waitFor("Alpha two")
        try session.sendKeys("Enter")
        try session.waitFor("Title: Alpha two")
        try session.sendKeys("q", "b")
        try session.waitFor("(1/2) Alpha")
        try waitForTitle(session, "Tidings (2 unread)")

        try session.sendKeys("Q")
        try session.waitForScreen("the reader to exit") { _ in FileManager.default.fileExists(atPath: home.path("exit-status")) }
        #expect(try String(contentsOfFile: home.path("exit-status"), encoding: .utf8) == "exit=0\n")
    }

    @Test func configuredColoursReachTheTerminalUnlessNoColorIsSet() throws {
        let home = try makeHome(config: """
            color title color208 color19 bold
            color listfocus color16 color214
            color listnormal color34 default
            color background color250 color236
            """)
        // `swift test` exports NO_COLOR=1 to what it runs; an empty NO_COLOR means colours on.
        let coloured = try startReader(home, environment: ["TERM": "tmux-256color", "NO_COLOR": ""])
        try coloured.waitFor("(0/0) Beta")
        let lines = try coloured.screen(attributes: true)
        #expect(Self.parameters(in: lines[0]).contains([38, 5, 208]))
        #expect(Self.parameters(in: lines[0]).contains([48, 5, 19]))
        #expect(Self.parameters(in: lines[1]).contains([48, 5, 214]))
        #expect(Self.parameters(in: lines[2]).contains([38, 5, 34]))
        // The background colours fill the empty rows under the list.
        #expect(Self.parameters(in: lines[2] + lines[3]).contains([48, 5, 236]))
        #expect(Self.parameters(in: lines[2] + lines[3]).contains([38, 5, 250]))

        let plain = try startReader(home, environment: ["TERM": "tmux-256color", "NO_COLOR": "1"])
        try plain.waitFor("(0/0) Beta")
        let plainLines = try plain.screen(attributes: true)
        let colourParameters: Set<Int> = Set(30...38).union(40...48).union(90...97).union(100...107)
        for line in plainLines {
            for parameters in Self.parameters(in: line) {
                #expect(parameters.first.map { !colourParameters.contains($0) } ?? true, "\(parameters) in \(line)")
            }
        }
        // Without colours the bars and the selection stand out in reverse video.
        #expect(Self.parameters(in: plainLines[0]).contains { $0.contains(7) })
        #expect(Self.parameters(in: plainLines[1]).contains { $0.contains(7) })
    }

    /// A selection coloured by its foreground alone would vanish without colours: it is drawn in
    /// reverse video then.
    @Test func aForegroundOnlySelectionStaysVisibleWithoutColours() throws {
        let home = try makeHome(config: "color listfocus color34 default\n")
        let plain = try startReader(home, environment: ["TERM": "tmux-256color", "NO_COLOR": "1"])
        try plain.waitFor("(0/0) Beta")
        let lines = try plain.screen(attributes: true)
        #expect(Self.parameters(in: lines[1]).contains { $0.contains(7) })
        #expect(!Self.parameters(in: lines[2]).contains { $0.contains(7) })
    }

    // MARK: - Helpers

    /// The parameter lists of the SGR sequences in `line`: `ESC[1;38;5;208m` gives one list,
    /// split at each parameter that starts a new attribute so `38;5;208` stays together.
    static func parameters(in line: String) -> [[Int]] {
        var result: [[Int]] = []
        var rest = Substring(line)
        while let start = rest.range(of: "\u{1B}[") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(where: { !($0.isNumber || $0 == ";") }) else { break }
            if rest[end] == "m" {
                let numbers = rest[..<end].split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                var index = 0
                while index < numbers.count {
                    let length = [38, 48].contains(numbers[index]) && numbers.count > index + 2 && numbers[index + 1] == 5 ? 3 : 1
                    result.append(Array(numbers[index..<min(numbers.count, index + length)]))
                    index += length
                }
            }
            rest = rest[end...]
        }
        return result
    }

    /// Waits until the pane's title (set by the program with OSC 2) is `title`.
    private func waitForTitle(_ session: TmuxSession, _ title: String) throws {
        let deadline = Date().addingTimeInterval(15)
        var last = ""
        while Date() < deadline {
            last = try TmuxTool.run(["-L", session.socket, "display-message", "-p", "#{pane_title}"])
                .trimmingCharacters(in: .newlines)
            if last == title { return }
            usleep(50_000)
        }
        throw TmuxSession.Timeout(what: "window title \"\(title)\"", screen: ["title: \(last)"])
    }

    /// newsboat's `error-log`: a feed that fails, in the reader and in `tidings reload`, is one
    /// `[date time] message` line in the file the config names.
    @Test func theErrorLogCollectsTheFailuresOfTheReaderAndOfTheReloadCommand() throws {
        let home = try makeHome(config: "error-log \"~/errors/newsboat.log\"\n")
        let gone = "http://127.0.0.1:9/gone.xml"
        try home.write("\(home.server.url("/alpha.xml")) \"~Alpha\"\n\(gone)\n", to: "config/tidings/urls")
        let errorLog = home.path("errors/newsboat.log")
        let session = try startReader(home)
        try session.waitFor("Tidings — Feeds")
        try session.sendKeys("R")
        try session.waitFor("1 failed")
        let line = #/^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\] reload of http://127\.0\.0\.1:9/gone\.xml failed: .+$/#
        var lines = try String(contentsOfFile: errorLog, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1 && lines.allSatisfy { $0.wholeMatch(of: line) != nil }, "\(lines)")
        try session.sendKeys("Q")
        try session.waitForScreen("the reader to exit") { _ in FileManager.default.fileExists(atPath: home.path("exit-status")) }

        let reload = Process()
        reload.executableURL = URL(fileURLWithPath: TidingsBinary.path!)
        // --all: the feed that just failed waits for its back-off otherwise.
        reload.arguments = ["reload", "--all"]
        reload.environment = home.environment
        reload.standardOutput = FileHandle.nullDevice
        reload.standardError = FileHandle.nullDevice
        try reload.run()
        reload.waitUntilExit()
        #expect(reload.terminationStatus == 1, "a feed failed")
        lines = try String(contentsOfFile: errorLog, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2 && lines.allSatisfy { $0.wholeMatch(of: line) != nil }, "\(lines)")
        // What did not fail stays out of it.
        #expect(!lines.contains { $0.contains("alpha") })
    }
}
