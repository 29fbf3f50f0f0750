import Configuration
import Dispatch
import FeedFetcher
import FeedStore

/// Runs the reader's full-article jobs: one asked for with `x` starts at once; those of
/// `always-fetch-full-article` wait in line, a few at a time, so that a reload bringing a
/// hundred new items does not open a hundred connections. An item asked for twice is fetched
/// once, and every asker hears the result. Completions run on the main queue.
@MainActor
final class FullArticleFetcher {
    typealias Completion = @MainActor (Result<FullArticle, FullArticleFailure>) -> Void

    private struct Request {
        var id: ItemID
        var link: String
    }

    private let makeJob: (ItemID, String) -> FullArticleJob
    private let automaticLimit: Int
    private var running: [ItemID: FullArticleJob] = [:]
    /// Running jobs that were started from the line (they count against `automaticLimit`).
    private var runningAutomatic: Set<ItemID> = []
    private var waiting: [Request] = []
    private var completions: [ItemID: [Completion]] = [:]

    init(automaticLimit: Int = FullArticleOptions.alwaysFetchConcurrency, makeJob: @escaping (ItemID, String) -> FullArticleJob) {
        self.automaticLimit = max(1, automaticLimit)
        self.makeJob = makeJob
    }

    /// Fetches item `id`'s full article; `automatic` ones wait for a free place.
    func fetch(_ id: ItemID, link: String, automatic: Bool, completion: @escaping Completion) {
        completions[id, default: []].append(completion)
        if running[id] != nil { return }
        if let index = waiting.firstIndex(where: { $0.id == id }) {
            guard !automatic else { return }
            waiting.remove(at: index)
        }
        if automatic {
            waiting.append(Request(id: id, link: link))
            startWaiting()
        } else {
            start(Request(id: id, link: link), automatic: false)
        }
    }

    /// Stops every job; no completion is called after.
    func cancelAll() {
        for job in running.values { job.cancel() }
        running = [:]
        runningAutomatic = []
        waiting = []
        completions = [:]
    }

    private func startWaiting() {
        while runningAutomatic.count < automaticLimit, !waiting.isEmpty {
            start(waiting.removeFirst(), automatic: true)
        }
    }

    private func start(_ request: Request, automatic: Bool) {
        let job = makeJob(request.id, request.link)
        running[request.id] = job
        if automatic { runningAutomatic.insert(request.id) }
        job.start { result in
            DispatchQueue.main.async {
                MainActor.assumeIsolated { [weak self] in self?.finished(request.id, result) }
            }
        }
    }

    private func finished(_ id: ItemID, _ result: Result<FullArticle, FullArticleFailure>) {
        guard running.removeValue(forKey: id) != nil else { return }
        runningAutomatic.remove(id)
        let waitingCompletions = completions.removeValue(forKey: id) ?? []
        startWaiting()
        for completion in waitingCompletions { completion(result) }
    }
}
