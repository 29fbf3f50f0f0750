import GRDB

/// The cache's identifier of an item row; stable for the life of the cache file.
public struct ItemID: RawRepresentable, Hashable, Sendable, Comparable, DatabaseValueConvertible,
    CustomStringConvertible
{
    public var rawValue: Int64

    public init(rawValue: Int64) { self.rawValue = rawValue }
    public init(_ rawValue: Int64) { self.rawValue = rawValue }

    public static func < (lhs: ItemID, rhs: ItemID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { String(rawValue) }
}
