/// The size in pixels of one terminal cell, which sets how many rows a picture of a given
/// aspect needs. The terminal reports it (`TIOCGWINSZ`'s pixel fields); when it does not,
/// 10 × 20 is the common shape of a monospaced cell.
public struct CellSize: Sendable, Hashable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
    }

    public static let typical = CellSize(width: 10, height: 20)
}
