@testable import Configuration
import Foundation
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// newsboat's `podcast-auto-enqueue`: a reload queues the enclosures of the articles it brings,
/// in podboat's queue, as `E` would.
@MainActor
@Suite struct PodcastAutoEnqueueTests {
    private func home() throws -> ReaderHome {
        let home = try ReaderHome()
        func episode(_ number: Int) -> String {
            "<item><title>Episode \(number)</title><link>https://pod.example/\(number)</link><pubDate>\(10 + number) Nov 2025 10:00:00 GMT</pubDate>"
                + "<enclosure url=\"https://cdn.example/ep\(number).mp3\" type=\"audio/mpeg\" length=\"100\"/></item>"
        }
        try home.write("""
            <?xml version="1.0"?><rss version="2.0"><channel><title>Pod</title><link>https://pod.example/</link>
            \(episode(1))\(episode(2))<item><title>Show notes</title><link>https://pod.example/notes</link>
            <pubDate>20 Nov 2025 10:00:00 GMT</pubDate></item></channel></rss>
            """, to: "feeds/pod.xml")
        try home.subscribe([home.url("pod")])
        return home
    }

    /// The lines the reader asked to append to podboat's queue: URL and download path.
    private func queued(_ reader: ReaderDriver) -> [String] {
        reader.fileEffects.compactMap { if case .enqueue(let url, _, let target) = $0 { "\(url) \(target)" } else { nil } }
    }

    /// Reloads, at the wall clock's time: the one the cache stamps what it stores with, and the
    /// articles a reload brings are those stored since it started.
    private func reload(_ reader: ReaderDriver) {
        reader.now = Date()
        reader.press(.character("R"))
        reader.settle()
    }

    @Test func aReloadQueuesTheEnclosuresOfTheArticlesItBringsOnce() throws {
        let home = try home()
        let reader = try home.driver(config: "podcast-auto-enqueue yes\nqueue-file \"\(home.path("queue"))\"\ndownload-path \"\(home.path("pods"))\"")
        #expect(reader.state.settings.config.warnings.isEmpty)
        reader.settle()
        reload(reader)
        #expect(reader.text.contains("(3/3) Pod"), "\(reader.text)")
        #expect(reader.fileEffects.allSatisfy { if case .enqueue(_, let queue, _) = $0 { queue.path == home.path("queue") } else { false } })
        #expect(Set(queued(reader)) == [
            "https://cdn.example/ep1.mp3 \(home.path("pods"))/ep1.mp3", "https://cdn.example/ep2.mp3 \(home.path("pods"))/ep2.mp3",
        ])
        #expect(queued(reader).count == 2)
        // The next reload brings nothing new: nothing is queued twice.
        reload(reader)
        #expect(queued(reader).count == 2)
    }

    @Test func withoutTheOptionAReloadQueuesNothing() throws {
        let home = try home()
        let reader = try home.driver(config: "queue-file \"\(home.path("queue"))\"")
        reader.settle()
        reload(reader)
        #expect(reader.text.contains("(3/3) Pod"), "\(reader.text)")
        #expect(reader.fileEffects.isEmpty)
    }
}
