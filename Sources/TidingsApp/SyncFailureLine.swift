/// Why a sync failed, as the one line the status bar shows (a `SyncFailure`, a `StoreError`,
/// or the sync options' `SyncSetupError`, already described).
struct SyncFailureLine: Error, Sendable, Equatable, CustomStringConvertible {
    let description: String

    init(_ error: any Error) {
        self.init(line: "\(error)")
    }

    init(line: String) {
        description = line.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
