import Glibc

/// Signal handling for the terminal: the one piece of process-global state the toolkit keeps.
///
/// - Termination signals (SIGINT, SIGTERM, SIGHUP) and SIGWINCH are turned into bytes on a pipe
///   that ``Terminal`` watches with a Dispatch read source, so they are handled on the main queue
///   like keys (SIGWINCH is first passed to ncurses' own handler, which then reports `KEY_RESIZE`).
/// - Fatal signals (a Swift trap is SIGILL or SIGTRAP; SIGSEGV, SIGBUS, SIGFPE, SIGABRT) cannot
///   wait for the main queue: the handler restores the terminal with async-signal-safe calls
///   only — the saved `termios` and a prepared escape sequence written with `write(2)` — then
///   hands the signal to whoever handled it before (Swift's backtracer) or the default action.
enum TerminalSignals {
    static let forwarded: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGWINCH]
    static let fatal: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

    // Written once on the main thread before the handlers are installed, then only read by them.
    nonisolated(unsafe) private static var wakeWriteEnd: Int32 = -1
    nonisolated(unsafe) private static var savedTermios = termios()
    nonisolated(unsafe) private static var hasSavedTermios = false
    nonisolated(unsafe) private static var restoreSequence: UnsafeMutablePointer<UInt8>?
    nonisolated(unsafe) private static var restoreSequenceLength = 0
    /// The handlers found before ours, indexed by signal number (a plain buffer: signal handlers
    /// must not touch Swift collections).
    nonisolated(unsafe) private static var previousActions: UnsafeMutablePointer<sigaction> = {
        let buffer = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(NSIG))
        buffer.initialize(repeating: sigaction(), count: Int(NSIG))
        return buffer
    }()
    nonisolated(unsafe) private static var previousWinchHandler: (@convention(c) (Int32) -> Void)?
    nonisolated(unsafe) static var isCursesActive = false

    /// Remembers the terminal modes as the shell left them; call before curses starts.
    static func saveTerminalModes() {
        hasSavedTermios = tcgetattr(STDIN_FILENO, &savedTermios) == 0
    }

    /// The bytes that put the screen back (leave the alternate screen, show the cursor, reset
    /// attributes), written by the fatal-signal handler.
    static func prepareRestoreSequence(_ bytes: [UInt8]) {
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, bytes.count))
        buffer.initialize(from: bytes, count: bytes.count)
        restoreSequence?.deallocate()
        restoreSequence = buffer
        restoreSequenceLength = bytes.count
    }

    /// Installs all handlers; signals will arrive as single bytes (the signal number) on the
    /// returned file descriptor.
    static func install() throws -> Int32 {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw TerminalError.cannotStart("pipe() failed: errno \(errno)") }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        wakeWriteEnd = ends[1]

        var old = sigaction()
        sigaction(SIGWINCH, nil, &old)
        let oldHandler = unsafeBitCast(old.__sigaction_handler.sa_handler, to: Int.self)
        if old.sa_flags & SA_SIGINFO == 0 && oldHandler != 0 && oldHandler != 1 {
            previousWinchHandler = old.__sigaction_handler.sa_handler
        }

        // The thread that starts the terminal may have inherited a mask that blocks these (a
        // parent's worker thread spawned us); unblocked here, they reach the handlers below.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signal in forwarded { sigaddset(&unblocked, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)

        for signal in forwarded {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = forwardingHandler
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
        }
        for signal in fatal {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = fatalHandler
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_NODEFER
            sigaction(signal, &action, previousActions + Int(signal))
        }
        return ends[0]
    }

    /// Puts back the handlers that were there before ``install()``, for the fatal signals.
    static func uninstallFatalHandlers() {
        for signal in fatal {
            sigaction(signal, previousActions + Int(signal), nil)
        }
    }

    /// Restores the saved terminal modes and writes the restore sequence; async-signal-safe.
    static func restoreTerminalImmediately() {
        if let sequence = restoreSequence, restoreSequenceLength > 0 {
            _ = write(STDOUT_FILENO, sequence, restoreSequenceLength)
        }
        if hasSavedTermios {
            _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &savedTermios)
        }
    }

    private static let forwardingHandler: @convention(c) (Int32) -> Void = { signal in
        let savedErrno = errno
        if signal == SIGWINCH, let ncursesHandler = TerminalSignals.previousWinchHandler {
            ncursesHandler(signal)
        }
        var byte = UInt8(truncatingIfNeeded: signal)
        _ = write(TerminalSignals.wakeWriteEnd, &byte, 1)
        errno = savedErrno
    }

    private static let fatalHandler: @convention(c) (Int32) -> Void = { signal in
        if TerminalSignals.isCursesActive {
            TerminalSignals.restoreTerminalImmediately()
            TerminalSignals.isCursesActive = false
        }
        // Hand over to the previous handler (the Swift runtime's backtracer) or the default
        // action, and let the signal happen again with it.
        sigaction(signal, TerminalSignals.previousActions + Int(signal), nil)
        raise(signal)
    }
}
