import FeedModel
import FeedStore
import Foundation

/// A hidden mode of `tidings-bench` that FeedStoreTests run as a child process and SIGKILL in
/// the middle of a write: `tidings-bench store-child write PATH` upserts feeds of 300 items one
/// after another, printing `committed N` after each transaction, until killed.
enum StoreChildProcess {
    static let itemsPerFeed = 300
    static let feedCount = 1000

    /// Runs the child mode named by the command line and exits; returns when there is none.
    static func runIfRequested(_ arguments: [String] = CommandLine.arguments) {
        guard arguments.count >= 4, arguments[1] == "store-child" else { return }
        do {
            switch arguments[2] {
            case "write": try write(path: arguments[3])
            default:
                FileHandle.standardError.write(Data("unknown store-child mode\n".utf8))
                exit(2)
            }
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("store-child: \(error)\n".utf8))
            exit(1)
        }
    }

    static func feedURL(_ number: Int) -> String { "https://child.example/\(number).xml" }

    private static func write(path: String) throws {
        let store = try FeedStore(path: path)
        try store.syncSubscriptions((0..<feedCount).map { Subscription(url: feedURL($0)) })
        for number in 0..<feedCount {
            let items = (0..<itemsPerFeed).map { index in
                Item(id: "urn:child:\(number):\(index)", title: "Item \(index) of feed \(number)",
                     summary: "<p>" + String(repeating: "filler text ", count: 40) + "</p>")
            }
            try store.upsert(Feed(format: .atom10, title: "Child \(number)", items: items),
                             forFeedURL: feedURL(number))
            // Unbuffered, so that the parent sees each line as soon as it is true.
            FileHandle.standardOutput.write(Data("committed \(number)\n".utf8))
        }
    }
}
