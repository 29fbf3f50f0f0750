@testable import Configuration
import Foundation
import ReaderTesting
import TerminalUI
import TestSupport
import Testing
@testable import TidingsApp

/// newsboat's `podcast-auto-enqueue`: a reload queues the enclosures of the articles it brings,
/// in podboat's queue, as `E` would.
@MainActor
@Suite(.timeLimit(.minutes(2))) struct PodcastAutoEnqueueTests {
    private func home() throws -> HeadlessHome {
        let home = try HeadlessHome()
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

    private func queueLines(_ home: HeadlessHome) -> [String] {
        ((try? String(contentsOfFile: home.path("queue"), encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    @Test func aReloadQueuesTheEnclosuresOfTheArticlesItBringsOnce() async throws {
        let home = try home()
        let config = Config(parsing: "podcast-auto-enqueue yes\nqueue-file \"\(home.path("queue"))\"\ndownload-path \"\(home.path("pods"))\"")
        #expect(config.warnings.isEmpty)
        let reader = try home.startReader { $0.take(config, environment: ["HOME": home.root.path]) }
        reader.press(.character("R"))
        #expect(await reader.waitFor("(3/3) Pod"), "\(reader.text)")
        #expect(await reader.waitUntil { queueLines(home).count == 2 })
        #expect(Set(queueLines(home)) == [
            "https://cdn.example/ep1.mp3 \"\(home.path("pods"))/ep1.mp3\"", "https://cdn.example/ep2.mp3 \"\(home.path("pods"))/ep2.mp3\"",
        ])
        #expect(await reader.settle())
        // The next reload brings nothing new: nothing is queued twice.
        reader.press(.character("R"))
        #expect(await reader.settle())
        #expect(queueLines(home).count == 2)
    }

    @Test func withoutTheOptionAReloadQueuesNothing() async throws {
        let home = try home()
        let config = Config(parsing: "queue-file \"\(home.path("queue"))\"")
        let reader = try home.startReader { $0.take(config, environment: ["HOME": home.root.path]) }
        reader.press(.character("R"))
        #expect(await reader.waitFor("(3/3) Pod"), "\(reader.text)")
        #expect(await reader.settle())
        #expect(!FileManager.default.fileExists(atPath: home.path("queue")))
    }
}
