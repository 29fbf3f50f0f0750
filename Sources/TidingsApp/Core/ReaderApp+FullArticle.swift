import Configuration
import FeedStore
import Foundation

/// `x`: the full article from the item's page, in place of the feed's text; and
/// `always-fetch-full-article` after each reload.
extension ReaderApp {
    /// Starts fetching item `id`'s full article; the status bar says so until it arrives, and
    /// the keys keep working meanwhile.
    func fetchFullArticle(_ id: ItemID, link: String) -> [ReaderEffect] {
        guard !fullArticleFetches.asked.contains(id) else {
            transientMessage = "Still fetching the full article…"
            return []
        }
        fullArticleFetches.asked.insert(id)
        return [.fetchFullArticle(id, link: link, automatic: false)]
    }

    /// Shows the full article that arrived (in the article view that asked for it), or says in
    /// one line why there is none; the feed's text stays shown then.
    func finishFullArticle(_ id: ItemID, _ result: Result<FullArticle, FullArticleFailure>, automatic: Bool) -> [ReaderEffect] {
        if automatic {
            if case .failure(let failure) = result { logger.info("always-fetch-full-article, item \(id): \(failure)") }
            if case .success(let article) = result {
                // An article open meanwhile keeps showing what it shows; its `x` needs no fetch now.
                for case let shown as any ArticleShowing in screens { _ = shown.takeFullArticle(article, ofItem: id, show: false) }
            }
            if fullArticleFetches.finishAutomatic(id, failed: (try? result.get()) == nil) {
                let run = fullArticleFetches
                logger.info("always-fetch-full-article: \(run.automaticTotal - run.automaticFailed) of \(run.automaticTotal) stored")
            }
            return (try? result.get()) == nil ? [] : [.checkGeneration]
        }
        guard fullArticleFetches.asked.remove(id) != nil else { return [] }
        switch result {
        case .failure(let failure):
            logger.info("full article of item \(id) not stored: \(failure)")
            transientMessage = failure.description
            return []
        case .success(let article):
            let taken = screens.compactMap { ($0 as? any ArticleShowing)?.takeFullArticle(article, ofItem: id, show: true) }
            if taken.contains(true) {
                transientMessage = "The full article from its page (x: the feed's text)"
            } else if article.wasCached {
                transientMessage = "The full article is in the cache: x in the article shows it"
            } else {
                transientMessage = "Full article saved: x in the article shows it"
            }
            return article.wasCached ? [] : [.checkGeneration]
        }
    }

    /// What the status bar says about full articles being fetched, when nothing else is shown.
    var fullArticleStatus: String? { fullArticleFetches.status }

    /// After a reload: the new items of the feeds `always-fetch-full-article` names, newest
    /// first and at most `FullArticleOptions.alwaysFetchLimit`, to fetch in the background.
    func fullArticlesAfterReload() -> [ReaderEffect] {
        guard let since = fullArticleFetches.reloadStarted else { return [] }
        fullArticleFetches.reloadStarted = nil
        guard settings.fullArticle.fetchesAutomatically else { return [] }
        return [.load(StoreRead(query: .fullArticleCandidates(since: since, settings.fullArticle), reply: .automaticFullArticles))]
    }

    func fetchAutomatically(_ candidates: [FeedStore.FullArticleCandidate]) -> [ReaderEffect] {
        let new = candidates.filter { !fullArticleFetches.automatic.contains($0.id) }
        guard !new.isEmpty else { return [] }
        fullArticleFetches.startAutomatic(new.map(\.id))
        return new.map { .fetchFullArticle($0.id, link: $0.link, automatic: true) }
    }
}
