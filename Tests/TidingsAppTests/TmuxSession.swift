import Foundation
import Glibc

/// A program running in a private tmux server (its own socket), driven like a user would:
/// keys in, screen text out. The server is killed when the session goes away.
final class TmuxSession {
    static let tmuxPath: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    let socket = "tidings-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"

    /// Starts `command` (run by `/bin/sh -c`) in a `width`×`height` window with `environment`.
    init(command: String, environment: [String: String], width: Int = 100, height: Int = 30) throws {
        let exports = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.quoted($0.value))" }.joined(separator: " ")
        try spawnAndWait(["-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", String(width), "-y", String(height),
                          "env -u DISPLAY -u WAYLAND_DISPLAY -u BROWSER -u TMUX \(exports) /bin/sh -c \(Self.quoted(command))"])
    }

    deinit { _ = try? run(["-L", socket, "kill-server"]) }

    func sendKeys(_ keys: String...) throws {
        try run(["-L", socket, "send-keys"] + keys)
    }

    /// Types `text` literally.
    func type(_ text: String) throws {
        try run(["-L", socket, "send-keys", "-l", text])
    }

    func resize(width: Int, height: Int) throws {
        try run(["-L", socket, "resize-window", "-x", String(width), "-y", String(height)])
    }

    /// The screen, one string per row, trailing spaces removed.
    func screen() throws -> [String] {
        let text = try run(["-L", socket, "capture-pane", "-p"])
        return text.split(separator: "\n", omittingEmptySubsequences: false).map {
            var line = String($0)
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    struct Timeout: Error, CustomStringConvertible {
        var what: String
        var screen: [String]
        var description: String { "timed out waiting for \(what); screen:\n" + screen.joined(separator: "\n") }
    }

    /// Waits (at most `seconds`) until `condition` holds for the screen; returns that screen.
    @discardableResult
    func waitForScreen(_ what: String, seconds: Double = 15, _ condition: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        var last: [String] = []
        while Date() < deadline {
            last = try screen()
            if condition(last) { return last }
            usleep(50_000)
        }
        throw Timeout(what: what, screen: last)
    }

    /// Waits until some row contains `text`.
    @discardableResult
    func waitFor(_ text: String, seconds: Double = 15) throws -> [String] {
        try waitForScreen("\"\(text)\"", seconds: seconds) { $0.contains { $0.contains(text) } }
    }

    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    @discardableResult
    private func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.tmuxPath!)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// `new-session` is spawned directly: through `Process` the daemonised server would inherit a
    /// descriptor that `waitUntilExit` waits on for the server's whole life.
    private func spawnAndWait(_ arguments: [String]) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "C.UTF-8"
        environment.removeValue(forKey: "TMUX")
        let argv = ([Self.tmuxPath!] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        // A test runs on a thread that blocks signals; the server and its panes must not inherit
        // that mask, or SIGHUP from kill-server would not end them.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGHUP, SIGINT, SIGTERM, SIGPIPE, SIGWINCH] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let status = posix_spawn(&pid, Self.tmuxPath!, &actions, &attributes, argv, envp)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
        var exitStatus: Int32 = 0
        waitpid(pid, &exitStatus, 0)
    }
}
