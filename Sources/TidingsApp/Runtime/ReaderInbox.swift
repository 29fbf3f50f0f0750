import Dispatch

/// The way back into the reader for what the runners did.
///
/// Every result is posted to the main queue and handled there as a message of its own: never
/// inside the handling of another message, even when the work finished at once (a program that
/// could not be started). The inbox counts the results still to come, so that a test (or the
/// benchmark) knows when the reader is idle.
@MainActor
public final class ReaderInbox {
    /// Where messages go: the runtime's `send`.
    var deliver: @MainActor (ReaderMessage) -> Void = { _ in }
    /// Called after each result has been handled (the headless reader's waits resume on it).
    public var reported: @MainActor () -> Void = {}
    /// Results expected and not yet handled.
    public private(set) var outstanding = 0

    public init() {}

    /// Counts a result to come; the returned reply hands it back, once, from any thread.
    func expect() -> Reply {
        outstanding += 1
        return Reply(inbox: self)
    }

    /// Posts `message` to be handled as a step of its own (a timer's tick, a fetch event).
    func post(_ message: ReaderMessage) {
        expect().send(message)
    }

    fileprivate func arrive(_ message: ReaderMessage?) {
        outstanding -= 1
        if let message { deliver(message) }
        reported()
    }

    /// A result to come, sent back from whichever thread did the work.
    struct Reply: Sendable {
        fileprivate let inbox: ReaderInbox

        /// Hands `message` (nil: the work is done and has nothing to say) to the reader.
        func send(_ message: ReaderMessage?) {
            let inbox = inbox
            DispatchQueue.main.async { MainActor.assumeIsolated { inbox.arrive(message) } }
        }
    }
}
