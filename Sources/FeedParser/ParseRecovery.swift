/// Something the parser repaired in a document instead of losing it, and where: for the log.
public struct ParseRecovery: Sendable, Equatable, CustomStringConvertible {
    /// What was wrong and what was done, in a few words ("dropped control character U+001B").
    public var reason: String
    /// Where, counted in bytes from the start of the document as received.
    public var byteOffset: Int

    public init(reason: String, byteOffset: Int) {
        self.reason = reason
        self.byteOffset = byteOffset
    }

    public var description: String { "\(reason) at byte \(byteOffset)" }
}
