import Foundation
import TestSupport
import Testing

/// Debian's podboat, or nil where newsboat is not installed (the test is skipped).
private let podboatPath: String? = ["/usr/bin/podboat", "/usr/local/bin/podboat"].first { FileManager.default.isExecutableFile(atPath: $0) }

/// `E` checked by the program that reads what it writes: the real `tidings` queues an enclosure
/// served on 127.0.0.1, then the real podboat (Debian's newsboat package, which `make test`
/// installs) downloads it from that queue. Its bytes must arrive where `download-path` and
/// `download-filename-format` say.
@Suite(.serialized, .enabled(if: TidingsBinary.path != nil && TmuxSession.tmuxPath != nil && podboatPath != nil,
                             "needs TIDINGS_BINARY, tmux and podboat (make test)"))
struct PodboatEndToEndTests {

    @Test func podboatDownloadsWhatEQueued() throws {
        let home = try ReaderEndToEndTests.Home()
        // Bytes no text conversion would leave alone, so a mangled download cannot pass.
        let audio = Data((0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 7) })
        try audio.write(to: URL(fileURLWithPath: home.path("feeds/ep12.mp3")))
        let episode = "<item><title>Episode \"12\" \\ Tides</title><link>https://pod.example/12</link><guid>https://pod.example/12</guid>"
            + "<pubDate>Fri, 21 Nov 2025 10:00:00 GMT</pubDate><description>Show notes.</description>"
            + "<enclosure url=\"\(home.server.url("/ep12.mp3"))\" type=\"audio/mpeg\" length=\"\(audio.count)\"/></item>"
        try home.write("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Tide Talk</title>"
            + "<link>https://pod.example/</link>\(episode)</channel></rss>\n", to: "feeds/pod.xml")
        try home.write("\(home.server.url("/pod.xml"))\n", to: "config/tidings/urls")
        // Spaces, double quotes and a backslash in the directory and in the title the file is
        // named after: podboat splits its queue lines at spaces and reads quotes and
        // backslashes, so only a line quoted its way puts the file here.
        let directory = home.path("pod casts \"x\"")
        try home.write("download-path \"\(directory.replacingOccurrences(of: "\"", with: "\\\""))\"\n"
            + "download-filename-format \"%t.%e\"\n", to: "config/tidings/config")

        // Neither program is told where the queue is: both find it from the same HOME and XDG
        // variables (~/.newsboat/queue here, as ~/.config/newsboat does not exist).
        let reader = try home.startReader()
        try reader.waitFor("Tidings — Feeds")
        try reader.sendKeys("R")
        try reader.waitFor("Reloaded 1 feed")
        try reader.sendKeys("Enter")
        try reader.waitFor("Episode \"12\" \\ Tides")
        try reader.sendKeys("Enter")
        try reader.waitFor("Title: Episode \"12\" \\ Tides")
        try reader.sendKeys("E")
        try reader.waitFor("Queued for podboat")
        try reader.sendKeys("Q")
        try reader.waitForScreen("tidings to exit") { _ in FileManager.default.fileExists(atPath: home.path("exit-status")) }

        // podboat's own download-path would be used only for a line without a path.
        try home.write("download-path \"\(home.path("podboat-default"))\"\nmax-downloads 1\n", to: "podboat-config")
        let podboat = try TmuxSession(
            command: "'\(podboatPath!)' -C '\(home.path("podboat-config"))' -a; sleep 30",
            environment: home.environment, width: 120, height: 20)
        let target = directory + "/Episode \"12\" \\ Tides.mp3"
        try podboat.waitForScreen("podboat to download ep12.mp3 to \(target)") { screen in
            screen.contains { $0.contains("ep12.mp3") && $0.contains("100.0 %") && $0.contains("ready") }
                && FileManager.default.contents(atPath: target)?.count == audio.count
        }
        #expect(FileManager.default.contents(atPath: target) == audio)
        #expect(!FileManager.default.fileExists(atPath: home.path("podboat-default")))
        try podboat.sendKeys("q")
    }
}
