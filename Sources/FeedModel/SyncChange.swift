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
    /// Every article of feed `id` that the server had before `before` was read: pass the time of
    /// the sync that delivered the articles the user saw, so that newer ones stay unread.
    case feedRead(Int64, before: Date)

    /// The article a mark is about; nil for a feed marked read.
    public var articleID: Int64? {
        switch self {
        case .read(let id), .unread(let id), .starred(let id), .unstarred(let id): id
        case .feedRead: nil
        }
    }

    public var description: String {
        switch self {
        case .read(let id): "read \(id)"
        case .unread(let id): "unread \(id)"
        case .starred(let id): "starred \(id)"
        case .unstarred(let id): "unstarred \(id)"
        case .feedRead(let id, let before): "feed \(id) read before \(Int64(before.timeIntervalSince1970.rounded(.down)))"
        }
    }
}
