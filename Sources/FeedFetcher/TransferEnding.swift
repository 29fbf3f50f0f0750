import Foundation

/// A transfer's line to its sink, closed once the transfer ends: events pass until it has
/// finished, failed or been cancelled, the sink hears exactly one `.finished` or `.failed`
/// (none after a cancel), and nothing after that. Safe from any thread.
final class TransferEnding: @unchecked Sendable {
    private let lock = NSLock()
    private var ended = false
    private let sink: TransferSink

    init(sink: @escaping TransferSink) {
        self.sink = sink
    }

    /// True once the transfer has finished, failed or been cancelled.
    var hasEnded: Bool { lock.withLock { ended } }

    /// Ends the transfer without telling the sink (a cancel); false when it had ended already.
    @discardableResult
    func end() -> Bool {
        lock.withLock {
            defer { ended = true }
            return !ended
        }
    }

    /// Passes `event` on unless the transfer has ended.
    func deliver(_ event: TransferEvent) {
        guard !hasEnded else { return }
        sink(event)
    }

    func finish() {
        if end() { sink(.finished) }
    }

    func fail(_ failure: FetchFailure) {
        if end() { sink(.failed(failure)) }
    }
}
