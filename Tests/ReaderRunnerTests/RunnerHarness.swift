import FeedStore
import Foundation
import TerminalUI
import TestSupport
@testable import TidingsApp

/// A runner's inbox for a test: the messages the runner posts back, in order, awaited as they
/// arrive (an event each), never after a pause.
@MainActor
final class RunnerHarness {
    let inbox = ReaderInbox()
    private let messages: AsyncStream<ReaderMessage>

    init() {
        let (stream, continuation) = AsyncStream<ReaderMessage>.makeStream()
        messages = stream
        inbox.deliver = { continuation.yield($0) }
    }

    /// The first message posted from now on that `matches` accepts (those before it are dropped).
    func next<T>(_ matches: (ReaderMessage) -> T?) async -> T? {
        for await message in messages {
            if let found = matches(message) { return found }
        }
        return nil
    }

    /// The next status line posted.
    func nextStatus() async -> String? {
        await next { if case .status(let text) = $0 { text } else { nil } }
    }
}
