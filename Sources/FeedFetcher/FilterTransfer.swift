import Foundation

/// newsboat's `filter:COMMAND:URL`: downloads URL (size cap and timeouts apply), then runs COMMAND
/// with the document on its standard input; the command's standard output is the feed.
///
/// No validators are sent: the filter's output may change even when the source does not.
final class FilterTransfer: Transfer, @unchecked Sendable {
    private let arguments: [String]
    private let url: URL
    private let options: FetchOptions
    private let session: HTTPSession
    private let sink: TransferSink
    private let lock = NSLock()
    private var download: HTTPTransfer?
    private var command: CommandTransfer?
    private var body = Data()
    private var isCancelled = false

    init(arguments: [String], url: URL, options: FetchOptions, session: HTTPSession, sink: @escaping TransferSink) {
        self.arguments = arguments
        self.url = url
        self.options = options
        self.session = session
        self.sink = sink
    }

    func start() {
        let download = HTTPTransfer(url: url, validators: nil, options: options, session: session) { [self] event in
            switch event {
            case .response: break
            case .bytes(let data): lock.withLock { body.append(data) }
            case .finished: runCommand()
            case .failed(let failure): sink(.failed(failure))
            }
        }
        lock.withLock { self.download = download }
        download.start()
    }

    private func runCommand() {
        let command = lock.withLock { () -> CommandTransfer? in
            guard !isCancelled else { return nil }
            let command = CommandTransfer(arguments: arguments, input: body, options: options, sink: sink)
            body = Data()
            self.command = command
            return command
        }
        command?.start()
    }

    func cancel() {
        let (download, command) = lock.withLock { () -> (HTTPTransfer?, CommandTransfer?) in
            isCancelled = true
            return (self.download, self.command)
        }
        download?.cancel()
        command?.cancel()
    }
}
