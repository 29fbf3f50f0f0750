import Foundation

/// newsboat's commands in backticks: in a config line, `` `COMMAND` `` is run through
/// `/bin/sh -c` and replaced by what it printed (its last line break dropped), before the line
/// is read — how users keep a login or a password out of the file they share
/// (`freshrss-login `pass show rss/login``). A backtick without its pair stays as written; a
/// comment is cut off first, so nothing in it runs.
enum BacktickCommand {
    /// `line` with each command in backticks replaced by its output, and without its comment
    /// when it has a command; `run` gives a command's output (the shell, outside tests of the
    /// splitting).
    static func expanded(_ line: String, run: (String) -> String = output) -> String {
        guard line.contains("`") else { return line }
        var rest = Substring(NewsboatTokenizer.withoutComment(line))
        var result = ""
        while let open = rest.firstIndex(of: "`"),
              let close = rest[rest.index(after: open)...].firstIndex(of: "`") {
            result += rest[..<open]
            result += run(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// What `command` prints on its standard output through the shell, without the line break
    /// that ends it; empty when it cannot be started. As in newsboat, its exit status does not
    /// matter and it shares the terminal (a password prompt can ask).
    static func output(of command: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return "" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var text = String(decoding: data, as: UTF8.self)
        while text.hasSuffix("\n") || text.hasSuffix("\r\n") { text.removeLast() }
        return text
    }
}
