import FeedStore
import FeedServices

/// A change to the feeds made on the feed server (`urls-source` other than "local" and
/// "fever"), which the `EffectRunner` makes through the `Synchronizer` and follows with a sync:
/// the cache shows the feed list only as the server has it. `.serverFeedEdited` answers.
///
///     .manageServerFeed(ServerFeedEdit(change: .rename(feed.id, to: "Example"), done: "Renamed to Example"))
struct ServerFeedEdit: Equatable, Sendable {
    var change: Change
    /// The status line when the server made the change.
    var done: String
    /// What the status line says before the reason when it did not.
    var refused: String = "Not changed"
    /// A feed to select once the lists have followed.
    var selectURL: String?

    enum Change: Equatable, Sendable {
        /// Subscribes to the feed at `url`, in the groups `tags`.
        case add(url: String, tags: [String])
        /// Gives the feed this title on the server.
        case rename(FeedID, to: String)
        /// Puts the feed in exactly these groups (folders, labels).
        case setTags(FeedID, [String])
        /// Unsubscribes from the feed.
        case delete(FeedID)
    }

    /// Makes the change on the server, then syncs; blocks.
    func apply(with synchronizer: Synchronizer) throws -> SyncOutcome {
        switch change {
        case .add(let url, let tags): try synchronizer.addFeed(url: url, tags: tags)
        case .rename(let id, let title): try synchronizer.renameFeed(id, to: title)
        case .setTags(let id, let tags): try synchronizer.setTags(tags, of: id)
        case .delete(let id): try synchronizer.deleteFeed(id)
        }
    }
}
