import Dispatch
import FeedFetcher
import Foundation
import Glibc

/// Starts another program — a browser, a pager, an editor, `bookmark-cmd`, `notify-program`, a
/// command an article is piped to — with `posix_spawnp`: no shell is ever involved.
///
/// One that needs the terminal is run in the foreground (the caller suspends its screen around
/// ``runInForeground(_:input:)``); another is started in its own session with its standard
/// streams on `/dev/null`, so it can neither draw over the reader nor die with it, and is reaped
/// in the background.
public enum ChildProcess {
    /// Why a program could not be started or failed.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// Runs `arguments` with the terminal's standard streams and waits for it to exit. With
    /// `input`, standard input is a pipe that `input` is written to (`pipe-to`), then closed.
    public static func runInForeground(_ arguments: [String], input: String? = nil) -> Result<Void, Failure> {
        var pipeEnds: [Int32] = [-1, -1]
        if input != nil {
            // Close-on-exec: the child keeps only the read end, as its standard input (dup2).
            // (`pipe2` is not imported: it is declared only under _GNU_SOURCE.)
            guard pipe(&pipeEnds) == 0 else {
                return .failure(Failure(message: "cannot make a pipe: \(String(cString: strerror(errno)))"))
            }
            for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        }
        let spawned = spawn(arguments, detached: false, standardInput: input == nil ? nil : pipeEnds[0])
        if input != nil { close(pipeEnds[0]) }
        switch spawned {
        case .failure(let failure):
            if input != nil { close(pipeEnds[1]) }
            return .failure(failure)
        case .success(let pid):
            // Written on its own thread while the command runs: a command that reads nothing, or
            // reads after writing, must not leave both waiting on a full pipe.
            let written = DispatchSemaphore(value: 0)
            if let input {
                let descriptor = pipeEnds[1]
                Thread.detachNewThread {
                    PipeWriter.writeAll(input.utf8, to: descriptor)
                    close(descriptor)
                    written.signal()
                }
            }
            let status = wait(for: pid)
            if input != nil { written.wait() }
            return status == 0 ? .success(()) : .failure(Failure(message: "\(arguments[0]) exited with status \(status)"))
        }
    }

    /// Starts `arguments` detached; `completion` runs on `queue` with a failure when the program
    /// could not be started or exited with an error.
    public static func runDetached(_ arguments: [String], queue: DispatchQueue, completion: @escaping @Sendable (Failure?) -> Void) {
        switch spawn(arguments, detached: true) {
        case .failure(let failure):
            queue.async { completion(failure) }
        case .success(let pid):
            let name = arguments[0]
            DispatchQueue.global(qos: .utility).async {
                let status = wait(for: pid)
                queue.async { completion(status == 0 ? nil : Failure(message: "\(name) exited with status \(status)")) }
            }
        }
    }

    /// glibc's `POSIX_SPAWN_SETSID` (spawn.h), which Swift does not import because it is only
    /// declared under `_GNU_SOURCE`.
    private static let posixSpawnSetSID: Int32 = 0x80

    private static func spawn(_ arguments: [String], detached: Bool, standardInput: Int32? = nil) -> Result<pid_t, Failure> {
        guard let program = arguments.first else { return .failure(Failure(message: "no command")) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }

        // The reader ignores or handles signals the program must get with default behaviour.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGPIPE, SIGQUIT, SIGTSTP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        var flags = Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
        if detached {
            flags |= posixSpawnSetSID
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        if let standardInput { posix_spawn_file_actions_adddup2(&actions, standardInput, 0) }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, program, &actions, &attributes, argv, environ)
        guard status == 0 else {
            return .failure(Failure(message: "cannot start \(program): \(String(cString: strerror(status)))"))
        }
        return .success(pid)
    }

    /// Waits for `pid`; returns its exit status (128 + signal when killed).
    private static func wait(for pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        if status & 0x7F == 0 { return (status >> 8) & 0xFF }
        return 128 + (status & 0x7F)
    }
}
