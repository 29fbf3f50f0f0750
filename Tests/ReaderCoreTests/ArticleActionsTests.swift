@testable import Configuration
import FeedStore
import Foundation
import TerminalUI
import ReaderTesting
import Testing
import TestSupport
@testable import TidingsApp

/// The article actions headless, through the real reader: the URL view (`u`) and what it opens,
/// podboat's queue (`E`), saving (`S`) and piping (`|`) — checked by the files written and the
/// arguments and input a fixture script receives.
@MainActor
@Suite(.serialized) struct ArticleActionsTests {
    /// A home serving one podcast feed (an article with a link, an image and an enclosure, and
    /// one with nothing), a script recording how it is run, the reader open on the first article
    /// (or on the feed's items with it selected, without `opening`).
    private func readerOnEpisode(
        player: Bool = true, opening: Bool = true, actions: (HeadlessHome) -> ArticleActionOptions = { _ in ArticleActionOptions() }
    ) async throws -> (HeadlessHome, HeadlessReader, script: String) {
        let home = try HeadlessHome()
        let episode = "<item><title>Episode 12: Tides &amp; Moons</title><link>https://pod.example/12</link>"
            + "<pubDate>21 Nov 2025 10:00:00 GMT</pubDate>"
            + "<description>&lt;p&gt;Show &lt;a href=\"https://pod.example/notes?q=$(touch%20x)\"&gt;notes&lt;/a&gt; "
            + "&lt;img src=\"https://pod.example/cover.png\" alt=\"cover\"&gt;&lt;/p&gt;</description>"
            + "<enclosure url=\"https://cdn.example/audio/ep%2012.mp3?token=1\" type=\"audio/mpeg\" length=\"1000\"/></item>"
        let plain = "<item><title>Plain post</title><link>https://pod.example/plain</link>"
            + "<pubDate>20 Nov 2025 10:00:00 GMT</pubDate><description>No links.</description></item>"
        try home.write("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Tide Talk</title><link>https://pod.example/</link>"
            + episode + plain + "</channel></rss>", to: "feeds/pod.xml")
        try home.subscribe([home.url("pod")])
        // Records its arguments, one a line, then (when the first is `stdin`) its standard input.
        let script = home.path("record")
        try ExecutableScript.write("#!/bin/sh\nfor word in \"$@\"; do printf '%s\\n' \"$word\"; done >> \"$0.out\"\n"
            + "if [ \"$1\" = stdin ]; then cat >> \"$0.out\"; fi\n", to: script)
        var options = actions(home)
        if player { options.player = "\(script) player" }
        let reader = try home.startReader(columns: 200, browser: "\(script) browser %u", articleActions: options)
        #expect(await reader.settle())
        reader.press(.character("R"))
        #expect(await reader.waitFor("Reloaded 1 feed"))
        #expect(await reader.settle())
        reader.press(.enter)
        #expect(await reader.waitFor("Episode 12"))
        guard opening else { return (home, reader, script) }
        reader.press(.enter)
        #expect(await reader.waitFor("Title: Episode 12: Tides & Moons"))
        #expect(await reader.settle())
        return (home, reader, script)
    }

    /// What the script wrote, once it contains `text` (a graphical browser runs detached).
    private func recorded(_ script: String, containing text: String, times: Int = 1) async -> String {
        for _ in 0..<2_000 {
            if let output = try? String(contentsOfFile: script + ".out", encoding: .utf8),
               output.components(separatedBy: text).count > times { return output }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return (try? String(contentsOfFile: script + ".out", encoding: .utf8)) ?? ""
    }

    @Test func theURLViewListsLinksImagesAndEnclosuresAndOpensThem() async throws {
        let (home, reader, script) = try await readerOnEpisode()
        // The article numbers the enclosure after the body's links.
        #expect(reader.text.contains("(audio/mpeg) [3]"), "\(reader.text)")
        reader.press(.character("u"))
        #expect(reader.lines[0].hasPrefix(" URLs — Episode 12: Tides & Moons"))
        #expect(reader.lines[1].hasPrefix("[1] link "), "\(reader.text)")
        #expect(reader.lines[1].hasSuffix(" https://pod.example/notes?q=$(touch%20x)"))
        #expect(reader.lines[2].hasPrefix("[2] image "))
        #expect(reader.lines[2].hasSuffix(" https://pod.example/cover.png"))
        #expect(reader.lines[3].hasPrefix("[3] enclosure (audio/mpeg)  https://cdn.example/audio/ep%2012.mp3?token=1"))
        // The addresses line up.
        #expect(Set(reader.lines[1...3].map { $0.firstRange(of: "https")?.lowerBound.utf16Offset(in: $0) }).count == 1)

        // Enter on the enclosure: the player; on the image: the browser. One literal argument
        // each, whatever the URL holds.
        reader.press(.character("G"), .enter)
        #expect(await recorded(script, containing: "token=1").contains("player\nhttps://cdn.example/audio/ep%2012.mp3?token=1\n"), "\(reader.text)")
        reader.press(.up, .enter)
        #expect(await recorded(script, containing: "cover.png").contains("browser\nhttps://pod.example/cover.png\n"))
        reader.press(.character("g"), .enter)
        #expect(await recorded(script, containing: "notes").contains("browser\nhttps://pod.example/notes?q=$(touch%20x)\n"))
        #expect(!FileManager.default.fileExists(atPath: "x"))

        // Back to the article, where the enclosure's number opens it too.
        reader.press(.character("q"))
        #expect(reader.lines[1].hasPrefix("Title: Episode 12"))
        reader.press(.character("3"), .enter)
        let output = await recorded(script, containing: "player\n", times: 2)
        #expect(output.hasSuffix("player\nhttps://cdn.example/audio/ep%2012.mp3?token=1\n"), "\(output)")
        #expect(await reader.settle())
        // The home (and the script in it) lives until the end.
        withExtendedLifetime(home) {}
    }

    @Test func anEnclosureOpensInTheBrowserWithoutAPlayer() async throws {
        let (home, reader, script) = try await readerOnEpisode(player: false)
        reader.press(.character("u"), .character("G"), .enter)
        #expect(await recorded(script, containing: "token=1").contains("browser\nhttps://cdn.example/audio/ep%2012.mp3?token=1\n"), "\(reader.lines.last ?? "")")
        #expect(await reader.settle())
        // The home (and the script in it) lives until the end.
        withExtendedLifetime(home) {}
    }

    @Test func enqueueWritesPodboatsQueueLineOnce() async throws {
        let (home, reader, _) = try await readerOnEpisode { home in
            ArticleActionOptions(downloadPath: home.path("podcasts"), queueFile: home.path("newsboat/queue"))
        }
        reader.press(.character("E"))
        #expect(await reader.waitFor("Queued for podboat"))
        let queue = try String(contentsOfFile: home.path("newsboat/queue"), encoding: .utf8)
        #expect(queue == "https://cdn.example/audio/ep%2012.mp3?token=1 \"\(home.path("podcasts"))/ep 12.mp3\"\n")
        reader.press(.character("E"))
        #expect(await reader.waitFor("Already in podboat's queue"))
        #expect(try String(contentsOfFile: home.path("newsboat/queue"), encoding: .utf8) == queue)

        // An article without an enclosure says so and writes nothing.
        reader.press(.character("q"), .down, .enter)
        #expect(await reader.waitFor("Title: Plain post"))
        reader.press(.character("E"))
        #expect(reader.text.contains("This article has no enclosure to queue"))
        #expect(await reader.settle())
        #expect(try String(contentsOfFile: home.path("newsboat/queue"), encoding: .utf8) == queue)
    }

    /// newsboat's article list offers `u` and `E` for the selected article too; the article is
    /// read from the cache off the main thread first, as Enter reads it.
    @Test func urlViewAndEnqueueFromTheItemList() async throws {
        let (home, reader, _) = try await readerOnEpisode(opening: false) { home in
            ArticleActionOptions(downloadPath: home.path("podcasts/%n"), downloadFileNameFormat: "%F-%t.%e", queueFile: home.path("newsboat/queue"))
        }
        #expect(reader.lines[1].contains("Episode 12"), "\(reader.text)")
        reader.press(.character("u"))
        #expect(await reader.waitFor("URLs — Episode 12: Tides & Moons"))
        #expect(reader.lines[1].hasSuffix(" https://pod.example/notes?q=$(touch%20x)"), "\(reader.text)")
        #expect(reader.lines[3].hasPrefix("[3] enclosure (audio/mpeg)  https://cdn.example/audio/ep%2012.mp3?token=1"))
        reader.press(.character("q"))
        #expect(await reader.waitFor("Plain post"))

        reader.press(.character("E"))
        #expect(await reader.waitFor("Queued for podboat"))
        let queue = try String(contentsOfFile: home.path("newsboat/queue"), encoding: .utf8)
        #expect(queue == "https://cdn.example/audio/ep%2012.mp3?token=1 \"\(home.path("podcasts"))/Tide Talk/2025-11-21-Episode 12: Tides & Moons.mp3\"\n")
        // Still on the list, which marked nothing read.
        #expect(reader.lines[1].hasPrefix("N "), "\(reader.text)")
        reader.press(.down, .character("E"))
        #expect(await reader.waitFor("This article has no enclosure to queue"))
        #expect(await reader.settle())
        #expect(try String(contentsOfFile: home.path("newsboat/queue"), encoding: .utf8) == queue)

        // Search results are a list of articles too.
        reader.press(.character("q"), .character("/"))
        reader.type("Tides")
        reader.press(.enter)
        #expect(await reader.waitFor("Search: Tides"))
        #expect(await reader.settle())
        reader.press(.character("u"))
        #expect(await reader.waitFor("URLs — Episode 12: Tides & Moons"), "\(reader.text)")
        #expect(await reader.settle())
    }

    @Test func saveProposesANameAndAsksBeforeReplacing() async throws {
        let (home, reader, _) = try await readerOnEpisode { home in ArticleActionOptions(savePath: home.path("saved")) }
        try FileManager.default.createDirectory(atPath: home.path("saved"), withIntermediateDirectories: true)
        let path = home.path("saved/Episode_12_Tides_Moons.txt")
        reader.press(.character("S"))
        #expect(reader.text.contains("Save to: "))
        reader.press(.enter)
        #expect(await reader.waitFor("Saved to"))
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(saved.hasPrefix("Title: Episode 12: Tides & Moons\n"))
        #expect(saved.contains("Show notes[1] [image 2: cover]"))
        #expect(saved.contains("Attachment: https://cdn.example/audio/ep%2012.mp3?token=1"))
        #expect(saved.contains("[1] https://pod.example/notes?q=$(touch%20x)"))

        // The file exists now: a second save asks, and any key but y keeps it.
        try "mine\n".write(toFile: path, atomically: true, encoding: .utf8)
        reader.press(.character("S"), .enter)
        #expect(await reader.waitFor("Replace Episode_12_Tides_Moons.txt? It exists (y: yes"))
        reader.press(.character("n"))
        #expect(await reader.settle())
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "mine\n")
        reader.press(.character("S"), .enter)
        #expect(await reader.waitFor("Replace Episode_12_Tides_Moons.txt? It exists (y: yes"))
        reader.press(.character("y"))
        #expect(await reader.waitFor("Saved to"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == saved)
    }

    @Test func pipeToRunsTheCommandWithoutAShellWithTheTextOnItsInput() async throws {
        let (home, reader, script) = try await readerOnEpisode()
        reader.press(.character("|"))
        #expect(reader.text.contains("Pipe to command:"))
        reader.type("\(script) stdin 'two words' $(touch x) ;")
        reader.press(.enter)
        let output = await recorded(script, containing: "Title: Episode 12")
        #expect(output.hasPrefix("stdin\ntwo words\n$(touch\nx)\n;\nTitle: Episode 12: Tides & Moons\n"), "\(output)")
        #expect(output.contains("Show notes[1] [image 2: cover]"))
        #expect(await reader.waitFor("Piped the article to record"))
        #expect(reader.terminal.keyPrompts == ["Press any key to return to Tidings"], "the output stays until a key")
        #expect(!FileManager.default.fileExists(atPath: "x"))

        // A command that fails says so.
        reader.press(.character("|"))
        reader.type("/bin/false")
        reader.press(.enter)
        #expect(await reader.waitFor("Pipe failed: /bin/false exited with status 1"))
        #expect(await reader.settle())
        // The home (and the script in it) lives until the end.
        withExtendedLifetime(home) {}
    }

    @Test func queueFileIsWherePodboatLooks() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-queue-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let environment = ["HOME": root, "XDG_CONFIG_HOME": root + "/config", "XDG_DATA_HOME": root + "/data"]
        #expect(ArticleActionOptions().resolved(environment: environment).queueFile == root + "/.newsboat/queue")
        try FileManager.default.createDirectory(atPath: root + "/config/newsboat", withIntermediateDirectories: true)
        let resolved = ArticleActionOptions().resolved(environment: environment)
        #expect(resolved.queueFile == root + "/data/newsboat/queue")
        #expect(resolved.downloadPath == root + "/")
        #expect(ArticleActionOptions(queueFile: "~/q").resolved(environment: environment).queueFile == root + "/q")
    }

    @Test func queuedFileNamesCannotLeaveTheDownloadDirectory() {
        #expect(PodcastQueue.urlFileName(of: "https://e.example/a/b/show.mp3?x=1#t") == "show.mp3")
        #expect(PodcastQueue.urlFileName(of: "https://e.example/%2F..%2Fetc%2Fpasswd") == "_.._etc_passwd")
        #expect(PodcastQueue.urlFileName(of: "https://e.example/..") == "__")
        #expect(PodcastQueue.urlFileName(of: "https://e.example/") == "")
        #expect(PodcastQueue.urlFileName(of: "https://e.example/a%0Ab.mp3") == "ab.mp3")
        #expect(PodcastQueue.quoted("a \"b\" \\c") == "\"a \\\"b\\\" \\\\c\"")
        #expect(PodcastQueue.fields(of: "https://e.example/x.mp3 \"/home/a/x \\\"1\\\".mp3\" downloaded") == ["https://e.example/x.mp3", "/home/a/x \"1\".mp3", "downloaded"])
    }
}
