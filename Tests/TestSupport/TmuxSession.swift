import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program running in a private tmux server (its own socket), driven like a user would:
/// keys in, screen text out. The server is killed when the session goes away.
public final class TmuxSession {
    /// The tmux executable, or nil where tmux is not installed (tests that need it are skipped).
    public static var tmuxPath: String? { TmuxTool.path }

    /// The private server's socket name (`tmux -L`).
    public let socket = "tidings-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"

    /// The program's log, whose last lines a wait that runs out reports beside the screen: what
    /// the program was doing meanwhile, with the times.
    public var logFile: String?

    /// Starts `command` (run by `/bin/sh -c`) in a `width`×`height` window with `environment`.
    public init(command: String, environment: [String: String], width: Int = 100, height: Int = 30) throws {
        let exports = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.quoted($0.value))" }.joined(separator: " ")
        try TmuxTool.run(["-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", String(width), "-y", String(height),
                          "env -u DISPLAY -u WAYLAND_DISPLAY -u BROWSER -u TMUX \(exports) /bin/sh -c \(Self.quoted(command))"])
    }

    deinit { _ = try? TmuxTool.run(["-L", socket, "kill-server"]) }

    /// Sends tmux key names (`Enter`, `C-c`, `q`, …).
    public func sendKeys(_ keys: String...) throws {
        try TmuxTool.run(["-L", socket, "send-keys"] + keys)
    }

    /// Types `text` literally.
    public func type(_ text: String) throws {
        try TmuxTool.run(["-L", socket, "send-keys", "-l", text])
    }

    /// Resizes the window, as a user dragging the terminal's edge would.
    public func resize(width: Int, height: Int) throws {
        try TmuxTool.run(["-L", socket, "resize-window", "-x", String(width), "-y", String(height)])
    }

    /// The screen, one string per row, trailing spaces removed; with `attributes`, the cells'
    /// colours and attributes are in it as SGR escape sequences (`capture-pane -e`).
    public func screen(attributes: Bool = false) throws -> [String] {
        let text = try TmuxTool.run(["-L", socket, "capture-pane", "-p"] + (attributes ? ["-e"] : []))
        return text.split(separator: "\n", omittingEmptySubsequences: false).map {
            var line = String($0)
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// A wait that ran out, with the last screen seen so the failure shows what was there instead.
    public struct Timeout: Error, CustomStringConvertible {
        public var what: String
        public var screen: [String]
        /// The last lines of the program's log, when it has one (``logFile``).
        public var log: [String]

        public init(what: String, screen: [String], log: [String] = []) {
            self.what = what
            self.screen = screen
            self.log = log
        }

        public var description: String {
            "timed out waiting for \(what); screen:\n" + screen.joined(separator: "\n")
                + (log.isEmpty ? "" : "\nthe log's last lines:\n" + log.joined(separator: "\n"))
        }
    }

    /// The last `count` lines of ``logFile``; none when there is no log (yet).
    private func logTail(_ count: Int = 20) -> [String] {
        guard let logFile, let text = try? String(contentsOfFile: logFile, encoding: .utf8) else { return [] }
        return Array(text.split(separator: "\n").suffix(count).map(String.init))
    }

    /// Waits (at most `seconds`) until `condition` holds for the screen (with its attributes, see
    /// ``screen(attributes:)``); returns that screen.
    @discardableResult
    public func waitForScreen(_ what: String, seconds: Double = 15, attributes: Bool = false,
                              _ condition: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        var last: [String] = []
        while Date() < deadline {
            last = try screen(attributes: attributes)
            if condition(last) { return last }
            usleep(50_000)
        }
        throw Timeout(what: what, screen: last, log: logTail())
    }

    /// Waits until some row contains `text`.
    @discardableResult
    public func waitFor(_ text: String, seconds: Double = 15) throws -> [String] {
        try waitForScreen("\"\(text)\"", seconds: seconds) { $0.contains { $0.contains(text) } }
    }

    /// Waits until some row contains `text` and `condition` holds: a list reads the cache off the
    /// main thread, so its rows can arrive a frame after the status or title that announced them.
    @discardableResult
    public func waitFor(_ text: String, seconds: Double = 15, where condition: ([String]) -> Bool) throws -> [String] {
        try waitForScreen("\"\(text)\" with its rows", seconds: seconds) { screen in
            screen.contains { $0.contains(text) } && condition(screen)
        }
    }

    /// `text` as one single-quoted shell word.
    public static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
