import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program run to its end, with what it cost itself: `wait4` gives the child's own CPU time and
/// peak memory, where `RUSAGE_CHILDREN` would mix every child the bench has waited for.
struct MeasuredRun {
    var seconds: Double
    var cpuSeconds: Double
    var peakMegabytes: Double
    var exitStatus: Int32
    /// What it wrote to standard output and error.
    var output: String

    enum Failure: Error, CustomStringConvertible {
        case couldNotStart(String, Int32)
        var description: String {
            switch self {
            case .couldNotStart(let program, let code): "could not start \(program): \(String(cString: strerror(code)))"
            }
        }
    }

    /// Runs `program` (a path) with `arguments` and `environment` (nil: this process's), its
    /// output in `outputFile` — its errors too, unless `keepsStandardError`. Foundation's
    /// `Process.waitUntilExit` would poll every 50 ms, more than a short command takes.
    static func run(
        _ program: String, _ arguments: [String], environment: [String: String]? = nil, outputFile: URL, keepsStandardError: Bool = false
    ) throws -> MeasuredRun {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if !keepsStandardError { posix_spawn_file_actions_adddup2(&actions, 1, 2) }
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { (argv + (envp ?? [])).forEach { free($0) } }

        let start = Date()
        var pid: pid_t = 0
        let code = envp.map { posix_spawn(&pid, program, &actions, nil, argv, $0) } ?? posix_spawn(&pid, program, &actions, nil, argv, environ)
        guard code == 0 else { throw Failure.couldNotStart(program, code) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = Date().timeIntervalSince(start)
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
        // WIFEXITED and WEXITSTATUS are macros Swift cannot see.
        let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let output = (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
        return MeasuredRun(seconds: seconds, cpuSeconds: cpu, peakMegabytes: Double(usage.ru_maxrss) / 1024,
                           exitStatus: exitStatus, output: output)
    }

    /// The last line it wrote (a summary, for most commands).
    var lastLine: String {
        output.split(separator: "\n").last.map(String.init) ?? ""
    }
}
