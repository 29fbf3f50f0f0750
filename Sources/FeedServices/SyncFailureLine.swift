import Configuration
/// Why a sync failed, as the one line the status bar shows (a `SyncFailure`, a `StoreError`,
/// or the sync options' `SyncSetupError`, already described).
public struct SyncFailureLine: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ error: any Error) {
        self.init(line: "\(error)")
    }

    public init(line: String) {
        description = line.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
