import Foundation

/// The read and starred state of every article on the server, as two id sets.
public struct SyncedArticleStates: Sendable, Hashable {
    /// The articles not read yet; every other article is read.
    public var unreadIDs: Set<Int64>
    /// The starred (Fever: saved) articles.
    public var starredIDs: Set<Int64>

    public init(unreadIDs: Set<Int64> = [], starredIDs: Set<Int64> = []) {
        self.unreadIDs = unreadIDs
        self.starredIDs = starredIDs
    }
}
