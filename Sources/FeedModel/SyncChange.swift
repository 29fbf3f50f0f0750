import Foundation

/// A change made in the reader that a sync source must apply.
public enum SyncChange: Sendable, Hashable, CustomStringConvertible {
    /// The article `id` was read.
    case read(Int64)
    /// The article `id` was marked unread.
    case unread(Int64)
    /// The article `id` was starred.
    case starred(Int64)
    /// The article `id` lost its star.
    case unstarred(Int64)
    /// The article `id` was published (Tiny Tiny RSS's "published" state, `ttrss-flag-publish`).
    case published(Int64)
    /// The article `id` is no longer published.
    case unpublished(Int64)
    /// Every article of feed `id` that the server had before `before` was read: pass the time of
    /// the sync that delivered the articles the user saw, so that newer ones stay unread.
    case feedRead(Int64, before: Date)

    /// The article a mark is about; nil for a feed marked read.
    public var articleID: Int64? {
        switch self {
        case .read(let id), .unread(let id), .starred(let id), .unstarred(let id), .published(let id), .unpublished(let id): id
        case .feedRead: nil
        }
    }

    /// True for a change of the published state, which only Tiny Tiny RSS has: the other sources
    /// skip it (it is queued only when syncing with Tiny Tiny RSS).
    public var isPublishing: Bool {
        switch self {
        case .published, .unpublished: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .read(let id): "read \(id)"
        case .unread(let id): "unread \(id)"
        case .starred(let id): "starred \(id)"
        case .unstarred(let id): "unstarred \(id)"
        case .published(let id): "published \(id)"
        case .unpublished(let id): "unpublished \(id)"
        case .feedRead(let id, let before): "feed \(id) read before \(Int64(before.timeIntervalSince1970.rounded(.down)))"
        }
    }
}
