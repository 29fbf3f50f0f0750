import Foundation

/// The built `tidings` executable the end-to-end tests drive: `make test` passes its path in
/// TIDINGS_BINARY.
enum TidingsBinary {
    static let path: String? = ProcessInfo.processInfo.environment["TIDINGS_BINARY"].flatMap {
        FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil
    }
}
