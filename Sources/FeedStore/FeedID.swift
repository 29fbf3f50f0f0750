import GRDB

/// The cache's identifier of a feed row; stable for the life of the cache file.
public struct FeedID: RawRepresentable, Hashable, Sendable, Comparable, DatabaseValueConvertible,
    CustomStringConvertible
{
    public var rawValue: Int64

    public init(rawValue: Int64) { self.rawValue = rawValue }
    public init(_ rawValue: Int64) { self.rawValue = rawValue }

    public static func < (lhs: FeedID, rhs: FeedID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { String(rawValue) }
}
