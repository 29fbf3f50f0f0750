import FeedFetcher
import TerminalUI
@testable import TidingsApp

extension ReaderDriver {
    /// Presses `keys`, then settles: the screen once the reader has read what they asked for.
    func settle(after keys: Key...) {
        for key in keys { send(.keys([key])) }
        settle()
    }

    /// Runs a search as a user does: `/`, `text` typed at the prompt, Enter; the results are not
    /// read yet (``settle()`` reads them).
    func search(_ text: String) {
        press(.character("/"))
        type(text)
        press(.enter)
    }

    /// The reads of type `Query` asked of the cache so far, in order (answered or not).
    func reads<Query: StoreQuery>(of type: Query.Type) -> [Query] {
        effects.compactMap { effect in
            guard case .store(.read(let read)) = effect else { return nil }
            return read.query(as: type)
        }
    }

    /// The effects recorded so far that do something: all but the generation check every key
    /// asks for and the lines for the log. Empty after a key that did nothing.
    var actions: [ReaderEffect] {
        effects.filter { effect in
            if case .log = effect { return false }
            return effect != .store(.checkGeneration)
        }
    }

    /// The URLs the browser was asked to open so far, in order.
    var openedURLs: [String] {
        processEffects.compactMap { if case .openBrowser(_, let url, _) = $0 { url } else { nil } }
    }

    /// Another process wrote to the cache: the reader reads the generation, as its watch on the
    /// cache file has it do, and the screens read again what changed.
    func noticeCacheChanges() {
        send(.cacheFileChanged)
        settle()
    }

    /// The URLs of the feeds `key` reloads, in the store's order ([] when it reloads none): the
    /// reload is asked for, started and ended (as if every feed had answered "not modified"),
    /// nothing fetched. From then on the reader's reloads are the test's to answer
    /// (``performsReloads`` is off), and the effects recorded before `key` are forgotten.
    func reloadedURLs(by key: Key) -> [String] {
        performsReloads = false
        _ = takeEffects()
        settle(after: key)
        let urls = fetchEffects.compactMap { effect in if case .reload(let targets) = effect { targets.map(\.url) } else { nil } }.last
        if urls != nil {
            send(.reloadFinished(ReloadSummary()))
            settle()
        }
        return urls ?? []
    }
}
