import FeedModel
import Foundation

/// Runs a command (`exec:` and the second half of `filter:`) and streams its standard output as the
/// document. No shell is involved: the arguments were split by `CommandArguments`.
///
/// The command inherits the environment; its standard input is the given bytes (for `filter:`) or
/// empty. A non-zero exit status fails the feed with the first line of its standard error.
/// Cancelling sends SIGTERM, then SIGKILL two seconds later if it is still running.
final class CommandTransfer: Transfer, @unchecked Sendable {
    private static let chunkSize = 64 << 10
    private static let keptErrorBytes = 4096

    private let arguments: [String]
    private let input: Data?
    private let options: FetchOptions
    private let ending: TransferEnding
    private let lock = NSLock()
    private var process: Process?

    init(arguments: [String], input: Data?, options: FetchOptions, sink: @escaping TransferSink) {
        self.arguments = arguments
        self.input = input
        self.options = options
        ending = TransferEnding(sink: sink)
    }

    private var name: String { (arguments.first.map { ($0 as NSString).lastPathComponent }) ?? "command" }

    func start() {
        DispatchQueue.global(qos: .utility).async { self.run() }
    }

    func cancel() {
        // Ended before the process is read; `run` stores the process before it checks for the
        // end, so one of the two always stops it.
        ending.end()
        let process = lock.withLock { self.process }
        if let process { CommandTransfer.stop(process) }
    }

    private static func stop(_ process: Process) {
        guard process.isRunning else { return }
        process.terminate()
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + 2) {
            if process.isRunning { kill(pid, SIGKILL) }
        }
    }

    private func run() {
        guard let executable = CommandTransfer.executableURL(for: arguments[0]) else {
            return ending.fail(.command("command not found: \(arguments[0])"))
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = Array(arguments.dropFirst())
        let output = Pipe()
        let errors = Pipe()
        let inputPipe = input == nil ? nil : Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = inputPipe ?? FileHandle.nullDevice
        do {
            try CommandTransfer.withSignalsUnblocked { try process.run() }
        } catch {
            return ending.fail(.command("cannot run \(name): \(error.localizedDescription)"))
        }
        lock.withLock { self.process = process }
        if ending.hasEnded { return CommandTransfer.stop(process) }

        if let inputPipe, let input {
            // Written from another thread: a filter may fill its stdout pipe before reading all of stdin.
            DispatchQueue.global(qos: .utility).async {
                PipeWriter.writeAll(input, to: inputPipe.fileHandleForWriting.fileDescriptor)
                try? inputPipe.fileHandleForWriting.close()
            }
        }
        let errorText = ErrorCollector()
        let errorsRead = DispatchGroup()
        errorsRead.enter()
        DispatchQueue.global(qos: .utility).async {
            errorText.collect(from: errors.fileHandleForReading.fileDescriptor, keeping: CommandTransfer.keptErrorBytes)
            errorsRead.leave()
        }

        ending.deliver(.response(.document(charset: nil, validators: CacheValidators(), documentURL: nil, permanentRedirect: nil, timing: ServerTiming())))
        let descriptor = output.fileHandleForReading.fileDescriptor
        var buffer = [UInt8](repeating: 0, count: CommandTransfer.chunkSize)
        var total = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            total += count
            if total > options.maxBytes {
                ending.fail(.tooLarge(limit: options.maxBytes))
                CommandTransfer.stop(process)
                break
            }
            ending.deliver(.bytes(Data(buffer[0..<count])))
        }
        try? output.fileHandleForReading.close()
        process.waitUntilExit()
        errorsRead.wait()
        if process.terminationReason == .uncaughtSignal {
            ending.fail(.command("\(name) was killed by signal \(process.terminationStatus)"))
        } else if process.terminationStatus != 0 {
            let detail = errorText.firstLine.map { ": \($0)" } ?? ""
            ending.fail(.command("\(name) exited with status \(process.terminationStatus)\(detail)"))
        } else {
            ending.finish()
        }
    }

    /// Runs `body` with no signal blocked on this thread. Dispatch threads block most signals and a
    /// spawned command inherits that mask: it would then ignore the SIGTERM that cancels it.
    private static func withSignalsUnblocked<T>(_ body: () throws -> T) rethrows -> T {
        var none = sigset_t()
        var saved = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &saved)
        defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
        return try body()
    }

    /// `name` itself when it contains a slash (`~/` expanded), else the first match on `$PATH`.
    static func executableURL(for name: String) -> URL? {
        let fileManager = FileManager.default
        if name.contains("/") {
            var path = name
            if path.hasPrefix("~/") { path = fileManager.homeDirectoryForCurrentUser.path + path.dropFirst(1) }
            return fileManager.isExecutableFile(atPath: path) ? URL(fileURLWithPath: path) : nil
        }
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in searchPath.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(name)"
            if fileManager.isExecutableFile(atPath: candidate) { return URL(fileURLWithPath: candidate) }
        }
        return nil
    }
}

/// Keeps the beginning of a command's standard error, reading (and dropping) the rest so that the
/// command never blocks on a full pipe.
private final class ErrorCollector: @unchecked Sendable {
    private var bytes: [UInt8] = []

    func collect(from descriptor: Int32, keeping limit: Int) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            if bytes.count < limit { bytes += buffer[0..<min(count, limit - bytes.count)] }
        }
    }

    /// The first non-empty line, decoded leniently; read only after `collect` returned.
    var firstLine: String? {
        String(decoding: bytes, as: UTF8.self)
            .split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .first { !$0.isEmpty }
    }
}
