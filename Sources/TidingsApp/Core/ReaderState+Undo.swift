import Configuration
import FeedStore

/// `undo` (`U`): the changes keys make to articles — read, starred, flags, deleted — taken back
/// newest first, each shown at once and written as any mark is (and sent to a feed server like
/// one). See `UndoHistory`.
extension ReaderState {
    /// Takes back the newest change, saying what it was.
    mutating func undoLastChange() -> [ReaderEffect] {
        guard let change = undo.takeLast() else {
            message = "Nothing to undo"
            return []
        }
        guard change.isKnown else {
            // Its articles are known once the cache has written it: a moment.
            undo.putBack(change)
            message = "The last change is still being written: U again in a moment"
            return []
        }
        var effects: [ReaderEffect] = []
        for step in change.steps {
            switch step {
            case .mark(let mark): effects += marks([mark], undoneAs: nil)
            case .restore(let ids): effects.append(.store(.deleteArticles(.restore(ids))))
            }
        }
        message = change.steps.isEmpty ? "Undid: \(change.text) (it had changed nothing)" : "Undid: \(change.text)"
        return effects
    }

    /// Notes a deletion a key asked for (its articles are known once deleted).
    mutating func recordDeletion(_ deletion: ArticleDeletion) {
        switch deletion {
        case .article(let id):
            undo.record(UndoHistory.Change(description: "deleted \(articleName(id))", steps: [], awaitsDeletion: true))
        case .allArticles(let feed):
            undo.record(UndoHistory.Change(description: "deleted %n of \(feedName(feed))", steps: [], awaitsDeletion: true))
        case .purge, .restore:
            break
        }
    }

    /// The mark that takes `mark` back, from what the screens show before it; nil for a mark
    /// of many articles (known once written) or one that changes nothing.
    func inverse(of mark: ItemMark) -> ItemMark? {
        switch mark {
        case .read(let id, let feed, let isRead, let wasRead):
            return isRead == wasRead ? nil : .read(id, feed: feed, isRead: wasRead, wasRead: isRead)
        case .starred(let id, let isStarred, let wasStarred):
            return isStarred == wasStarred ? nil : .starred(id, isStarred: wasStarred, wasStarred: isStarred)
        case .flags(let id, _, let isStarred, let wasStarred):
            guard let before = shownState(ofItem: id) else { return nil }
            return .flags(id, others: before.flags, isStarred: wasStarred, wasStarred: isStarred)
        case .feedRead, .queryRead, .itemsRead:
            return nil
        }
    }

    /// What `mark` did, for "Undid: …"; `%n` is the number of articles once written.
    func undoDescription(of mark: ItemMark) -> String {
        switch mark {
        case .read(let id, _, let isRead, _): "marked \(articleName(id)) \(isRead ? "read" : "unread")"
        case .starred(let id, let isStarred, _): "\(isStarred ? "starred" : "unstarred") \(articleName(id))"
        case .flags(let id, _, _, _): "changed the flags of \(articleName(id))"
        case .feedRead(let feed, _): "marked %n of \(feedName(feed)) read"
        case .queryRead(_, let source, _, _, _):
            "marked %n of \((top as? CrossFeedListScreen)?.articles.title ?? "the query \(Excerpt(source))") read"
        case .itemsRead(_, let isRead): "marked %n \(isRead ? "read" : "unread")"
        }
    }

    private func articleName(_ id: ItemID) -> String {
        let title = shownState(ofItem: id)?.title.flatMap { $0.isEmpty ? nil : $0 } ?? "(untitled)"
        return "“\(Excerpt(title))”"
    }

    private func feedName(_ id: FeedID) -> String {
        listedFeed(id).map { Excerpt($0.name.text).text } ?? "a feed"
    }
}

extension ItemMark {
    /// Whether the mark is of many articles at once, which the cache says once written.
    var marksMany: Bool {
        switch self {
        case .feedRead, .queryRead: true
        case .read, .starred, .flags, .itemsRead: false
        }
    }
}
