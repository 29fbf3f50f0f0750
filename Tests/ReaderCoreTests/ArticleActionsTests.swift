@testable import Configuration
@testable import FeedServices
import FeedStore
import Foundation
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// The article actions: the URL view (`u`) and what it opens, podboat's queue (`E`), saving (`S`)
/// and piping (`|`) — checked by the programs the reader asks to run (their argument vectors,
/// never a shell) and the files it asks to write. Running them is the runners' (ReaderRunnerTests:
/// ProcessRunnerTests, FileRunnerTests).
@MainActor
@Suite struct ArticleActionsTests {
    static let enclosure = "https://cdn.example/audio/ep%2012.mp3?token=1"
    /// A program's path: only its argument vectors are checked, it never runs.
    static let script = "/opt/record"

    /// A home with one podcast feed (an article with a link, an image and an enclosure, and one
    /// with nothing), the reader open on the first article (or on the feed's items with it
    /// selected, without `opening`); the browser and the player are `script`.
    static func readerOnEpisode(player: Bool = true, opening: Bool = true, config: (ReaderHome) -> String = { _ in "" })
        throws -> (ReaderHome, ReaderDriver) {
        let home = try ReaderHome()
        try writePodcast(in: home)
        try home.subscribe([home.url("pod")])
        let reader = try home.driver(config: "browser \"\(script) browser %u\"\n" + (player ? "player \"\(script) player\"\n" : "") + config(home),
                                     columns: 200)
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        #expect(reader.text.contains("Reloaded 1 feed"))
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Episode 12"))
        guard opening else { return (home, reader) }
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Title: Episode 12: Tides & Moons"))
        return (home, reader)
    }

    static func writePodcast(in home: ReaderHome) throws {
        let episode = "<item><title>Episode 12: Tides &amp; Moons</title><link>https://pod.example/12</link>"
            + "<pubDate>21 Nov 2025 10:00:00 GMT</pubDate>"
            + "<description>&lt;p&gt;Show &lt;a href=\"https://pod.example/notes?q=$(touch%20x)\"&gt;notes&lt;/a&gt; "
            + "&lt;img src=\"https://pod.example/cover.png\" alt=\"cover\"&gt;&lt;/p&gt;</description>"
            + "<enclosure url=\"https://cdn.example/audio/ep%2012.mp3?token=1\" type=\"audio/mpeg\" length=\"1000\"/></item>"
        let plain = "<item><title>Plain post</title><link>https://pod.example/plain</link>"
            + "<pubDate>20 Nov 2025 10:00:00 GMT</pubDate><description>No links.</description></item>"
        try home.write("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Tide Talk</title><link>https://pod.example/</link>"
            + episode + plain + "</channel></rss>", to: "feeds/pod.xml")
    }

    /// The podboat queue lines asked for so far.
    private func enqueued(_ reader: ReaderDriver) -> [FileEffect] {
        reader.fileEffects.filter { if case .enqueue = $0 { true } else { false } }
    }

    @Test func theURLViewListsLinksImagesAndEnclosuresAndOpensThem() throws {
        let (_, reader) = try Self.readerOnEpisode()
        // The article numbers the enclosure after the body's links.
        #expect(reader.text.contains("(audio/mpeg) [3]"), "\(reader.text)")
        reader.press(.character("u"))
        #expect(reader.lines[0].hasPrefix(" URLs — Episode 12: Tides & Moons"))
        #expect(reader.lines[1].hasPrefix("[1] link "), "\(reader.text)")
        #expect(reader.lines[1].hasSuffix(" https://pod.example/notes?q=$(touch%20x)"))
        #expect(reader.lines[2].hasPrefix("[2] image "))
        #expect(reader.lines[2].hasSuffix(" https://pod.example/cover.png"))
        #expect(reader.lines[3].hasPrefix("[3] enclosure (audio/mpeg)  \(Self.enclosure)"))
        // The addresses line up.
        #expect(Set(reader.lines[1...3].map { $0.firstRange(of: "https")?.lowerBound.utf16Offset(in: $0) }).count == 1)

        // Enter on the enclosure: the player; on the image: the browser. One literal argument
        // each, whatever the URL holds.
        reader.press(.character("G"), .enter)
        #expect(reader.programsRun.last == [Self.script, "player", Self.enclosure], "\(reader.text)")
        reader.press(.up, .enter)
        #expect(reader.programsRun.last == [Self.script, "browser", "https://pod.example/cover.png"])
        reader.press(.character("g"), .enter)
        #expect(reader.programsRun.last == [Self.script, "browser", "https://pod.example/notes?q=$(touch%20x)"])

        // Back to the article, where the enclosure's number opens it too.
        reader.press(.character("q"))
        #expect(reader.lines[1].hasPrefix("Title: Episode 12"))
        reader.press(.character("3"), .enter)
        #expect(reader.programsRun.count == 4)
        #expect(reader.programsRun.last == [Self.script, "player", Self.enclosure])
    }

    @Test func anEnclosureOpensInTheBrowserWithoutAPlayer() throws {
        let (_, reader) = try Self.readerOnEpisode(player: false)
        reader.press(.character("u"), .character("G"), .enter)
        #expect(reader.programsRun == [[Self.script, "browser", Self.enclosure]], "\(reader.lines.last ?? "")")
    }

    @Test func enqueueWritesPodboatsQueueLineOnce() throws {
        let (home, reader) = try Self.readerOnEpisode { home in
            "download-path \"\(home.path("podcasts"))\"\nqueue-file \"\(home.path("newsboat/queue"))\"\n"
        }
        let queue = PodcastQueue(path: home.path("newsboat/queue"))
        let line = FileEffect.enqueue(url: Self.enclosure, queue: queue, target: "\(home.path("podcasts"))/ep 12.mp3")
        reader.press(.character("E"))
        #expect(enqueued(reader) == [line])
        // What the file runner does with it: one line, written once.
        #expect(try queue.append(Self.enclosure, to: "\(home.path("podcasts"))/ep 12.mp3") == .queued(to: "\(home.path("podcasts"))/ep 12.mp3"))
        let written = try String(contentsOfFile: home.path("newsboat/queue"), encoding: .utf8)
        #expect(written == "\(Self.enclosure) \"\(home.path("podcasts"))/ep 12.mp3\"\n")
        reader.press(.character("E"))
        #expect(enqueued(reader) == [line, line])
        #expect(try queue.append(Self.enclosure, to: "\(home.path("podcasts"))/ep 12.mp3") == .alreadyQueued)
        #expect(try String(contentsOfFile: home.path("newsboat/queue"), encoding: .utf8) == written)

        // An article without an enclosure says so and asks for nothing.
        reader.press(.character("q"), .down, .enter)
        reader.settle()
        #expect(reader.text.contains("Title: Plain post"))
        reader.press(.character("E"))
        #expect(reader.text.contains("This article has no enclosure to queue"))
        reader.settle()
        #expect(enqueued(reader).count == 2)
    }

    /// newsboat's article list offers `u` and `E` for the selected article too; the article is
    /// read from the cache first, as Enter reads it.
    @Test func urlViewAndEnqueueFromTheItemList() throws {
        let (home, reader) = try Self.readerOnEpisode(opening: false) { home in
            "download-path \"\(home.path("podcasts/%n"))\"\ndownload-filename-format \"%F-%t.%e\"\nqueue-file \"\(home.path("newsboat/queue"))\"\n"
        }
        #expect(reader.lines[1].contains("Episode 12"), "\(reader.text)")
        reader.press(.character("u"))
        reader.settle()
        #expect(reader.text.contains("URLs — Episode 12: Tides & Moons"))
        #expect(reader.lines[1].hasSuffix(" https://pod.example/notes?q=$(touch%20x)"), "\(reader.text)")
        #expect(reader.lines[3].hasPrefix("[3] enclosure (audio/mpeg)  \(Self.enclosure)"))
        reader.press(.character("q"))
        reader.settle()
        #expect(reader.text.contains("Plain post"))

        reader.press(.character("E"))
        reader.settle()
        #expect(enqueued(reader) == [.enqueue(url: Self.enclosure, queue: PodcastQueue(path: home.path("newsboat/queue")),
                                              target: "\(home.path("podcasts"))/Tide Talk/2025-11-21-Episode 12: Tides & Moons.mp3")])
        // Still on the list, which marked nothing read.
        #expect(reader.lines[1].hasPrefix("N "), "\(reader.text)")
        reader.press(.down, .character("E"))
        reader.settle()
        #expect(reader.text.contains("This article has no enclosure to queue"))
        #expect(enqueued(reader).count == 1)

        // Search results are a list of articles too.
        reader.press(.character("q"), .character("/"))
        reader.type("Tides")
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Search: Tides"))
        reader.press(.character("u"))
        reader.settle()
        #expect(reader.text.contains("URLs — Episode 12: Tides & Moons"), "\(reader.text)")
    }

    @Test func saveProposesANameAndAsksBeforeReplacing() throws {
        let (home, reader) = try Self.readerOnEpisode { home in "save-path \"\(home.path("saved"))\"\n" }
        let path = home.path("saved/Episode_12_Tides_Moons.txt")
        reader.press(.character("S"))
        #expect(reader.text.contains("Save to: \(path)"))
        reader.press(.enter)
        guard case .saveText(let article, path, replacing: false)? = reader.fileEffects.last else {
            Issue.record("not saved to \(path): \(reader.fileEffects)")
            return
        }
        #expect(article.text.hasPrefix("Title: Episode 12: Tides & Moons\n"))
        #expect(article.text.contains("Show notes[1] [image 2: cover]"))
        #expect(article.text.contains("Attachment: \(Self.enclosure)"))
        #expect(article.text.contains("[1] https://pod.example/notes?q=$(touch%20x)"))

        // The file exists (the file runner says so): asked, and any key but y keeps it.
        reader.send(.saveWouldReplace(article, path: path))
        #expect(reader.text.contains("Replace Episode_12_Tides_Moons.txt? It exists (y: yes"))
        reader.press(.character("n"))
        #expect(reader.fileEffects.count == 1)
        reader.press(.character("S"), .enter)
        #expect(reader.fileEffects.last == .saveText(article, path: path, replacing: false))
        reader.send(.saveWouldReplace(article, path: path))
        #expect(reader.text.contains("Replace Episode_12_Tides_Moons.txt? It exists (y: yes"))
        reader.press(.character("y"))
        #expect(reader.fileEffects.last == .saveText(article, path: path, replacing: true))
        #expect(reader.fileEffects.count == 3)
    }

    @Test func pipeToRunsTheCommandWithoutAShellWithTheTextOnItsInput() throws {
        let (_, reader) = try Self.readerOnEpisode()
        reader.press(.character("|"))
        #expect(reader.text.contains("Pipe to command:"))
        reader.type("\(Self.script) stdin 'two words' $(touch x) ;")
        reader.press(.enter)
        guard case .pipe(let arguments, let text)? = reader.processEffects.last else {
            Issue.record("nothing piped: \(reader.processEffects)")
            return
        }
        #expect(arguments == [Self.script, "stdin", "two words", "$(touch", "x)", ";"])
        #expect(text.hasPrefix("Title: Episode 12: Tides & Moons\n"), "\(text)")
        #expect(text.contains("Show notes[1] [image 2: cover]"))
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
