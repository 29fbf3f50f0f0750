@testable import Configuration
import FeedModel
import Foundation
import Testing

/// The edits the reader makes to the urls file: moving feeds past comments, renaming and tagging
/// without losing a line's comment, and writes that never leave half a file.
@Suite struct UrlsFileEditingTests {
    static let sample = """
        # Morning reading
        https://a.example/feed news "~Alpha"
        # --- below: the slow ones ---

        exec:~/bin/b.sh   # my scraper
        "query:Unread:unread = \\"yes\\""
        https://c.example/feed "long reads"
        not a url
        https://d.example/feed
        """ + "\n"

    @Test func movingSwapsTwoFeedLinesAndLeavesEverythingBetweenInPlace() {
        var file = UrlsFile(parsing: Self.sample)
        #expect(edit(&file) { $0.swapFeeds("exec:~/bin/b.sh", "https://a.example/feed") })
        #expect(file.text == """
            # Morning reading
            exec:~/bin/b.sh   # my scraper
            # --- below: the slow ones ---

            https://a.example/feed news "~Alpha"
            "query:Unread:unread = \\"yes\\""
            https://c.example/feed "long reads"
            not a url
            https://d.example/feed
            """ + "\n")
        #expect(file.subscriptions.map(\.url) == ["exec:~/bin/b.sh", "https://a.example/feed", "https://c.example/feed", "https://d.example/feed"])
        // Past a query line and a bad line: they stay where they were too.
        #expect(edit(&file) { $0.swapFeeds("https://d.example/feed", "https://c.example/feed") })
        let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[5] == #""query:Unread:unread = \"yes\"""#)
        #expect(lines[6] == "https://d.example/feed")
        #expect(lines[7] == "not a url")
        #expect(lines[8] == #"https://c.example/feed "long reads""#)
        // Moving back restores the file byte for byte.
        #expect(edit(&file) { $0.swapFeeds("https://c.example/feed", "https://d.example/feed") })
        #expect(edit(&file) { $0.swapFeeds("https://a.example/feed", "exec:~/bin/b.sh") })
        #expect(file.text == Self.sample)
    }

    @Test func movingNeedsTwoDifferentListedFeeds() {
        var file = UrlsFile(parsing: Self.sample)
        #expect(!edit(&file) { $0.swapFeeds("https://a.example/feed", "https://a.example/feed") })
        #expect(!edit(&file) { $0.swapFeeds("https://a.example/feed", "https://gone.example/feed") })
        #expect(!edit(&file) { $0.swapFeeds("not", "https://a.example/feed") })
        #expect(file.text == Self.sample)
    }

    @Test func renamingAndTaggingRewriteOneLineAndKeepItsComment() throws {
        var file = UrlsFile(parsing: Self.sample)
        var scraper = try #require(file.subscription(url: "exec:~/bin/b.sh"))
        scraper.customTitle = "My \"town\""
        scraper.tags = ["local", "two words"]
        #expect(edit(&file) { $0.update(scraper) })
        var alpha = try #require(file.subscription(url: "https://a.example/feed"))
        alpha.customTitle = nil
        #expect(edit(&file) { $0.update(alpha) })
        #expect(file.text == Self.sample
            .replacingOccurrences(of: "exec:~/bin/b.sh   # my scraper", with: #"exec:~/bin/b.sh local "two words" "~My \"town\""   # my scraper"#)
            .replacingOccurrences(of: #"https://a.example/feed news "~Alpha""#, with: "https://a.example/feed news"))
        #expect(UrlsFile(parsing: file.text).subscriptions == file.subscriptions)
    }

    @Test func trailingCommentsAreFoundOnlyOutsideQuotes() {
        #expect(UrlsFile.trailingComment(of: "https://a.example/f tag # note") == " # note")
        #expect(UrlsFile.trailingComment(of: "https://a.example/f#frag tag") == nil)
        #expect(UrlsFile.trailingComment(of: ##"https://a.example/f "# not a comment" x"##) == nil)
        #expect(UrlsFile.trailingComment(of: ##"https://a.example/f "say \"#hi\"" #real"##) == " #real")
        #expect(UrlsFile.trailingComment(of: "# a whole comment line") == nil)
        #expect(UrlsFile.trailingComment(of: ##"https://a.example/f "tag"# right after a quote"##) == "# right after a quote")
        #expect(UrlsFile.trailingComment(of: #"https://a.example/f?q="x tag # note"#) == " # note", "a quote inside a word opens nothing")
        #expect(UrlsFile.trailingComment(of: "https://a.example/f\t#\ttabbed") == "\t#\ttabbed")
        #expect(UrlsFile.trailingComment(of: #"https://a.example/f "unterminated # x"#) == nil)
    }

    @Test func deletingKeepsTheCommentsAroundTheLine() {
        var file = UrlsFile(parsing: Self.sample)
        #expect(edit(&file) { $0.remove(url: "exec:~/bin/b.sh") })
        #expect(file.text == Self.sample.replacingOccurrences(of: "exec:~/bin/b.sh   # my scraper\n", with: ""))
    }

    /// A reader of the file (another `tidings`, an editor) sees the old text or the new one,
    /// never a truncated or half-written file, however the writes and reads interleave.
    @Test func concurrentReadersNeverSeeAPartialFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("urls-edit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("urls")
        let short = UrlsFile(parsing: Self.sample)
        var grown = short
        for index in 0..<2_000 { grown.add(Subscription(url: "https://feed\(index).example/rss", tags: ["bulk"])) }
        let long = grown
        try short.write(to: url)
        let texts = [short.text, long.text]

        let writes = 200
        let done = DispatchSemaphore(value: 0)
        let writeFailures = ErrorBox()
        DispatchQueue.global().async {
            for index in 0..<writes {
                do { try (index % 2 == 0 ? long : short).write(to: url) } catch { writeFailures.record(error) }
            }
            done.signal()
        }
        var reads = 0
        var torn: [Int] = []
        while done.wait(timeout: .now()) == .timedOut || reads == 0 {
            let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            if !texts.contains(text) { torn.append(text.utf8.count) }
            reads += 1
        }
        #expect(writeFailures.errors.isEmpty)
        #expect(torn.isEmpty, "partial files seen, sizes: \(torn.prefix(5))")
        #expect(try String(contentsOf: url, encoding: .utf8) == short.text)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["urls"], "no temporary file left")
    }

    @Test func aFailedWriteLeavesTheOldFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("urls-edit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("urls")
        try UrlsFile(parsing: Self.sample).write(to: url)
        // The rename cannot replace a directory: the write fails after the temporary file is made.
        let blocked = directory.appendingPathComponent("blocked")
        try FileManager.default.createDirectory(at: blocked.appendingPathComponent("inside"), withIntermediateDirectories: true)
        #expect(throws: (any Error).self) { try UrlsFile(parsing: "https://x.example/f\n").write(to: blocked) }
        #expect(try String(contentsOf: url, encoding: .utf8) == Self.sample)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["blocked", "urls"], "no temporary file left")
    }
}

/// Runs a mutating edit outside `#expect` (which cannot take an `inout` use).
private func edit(_ file: inout UrlsFile, _ change: (inout UrlsFile) -> Bool) -> Bool {
    change(&file)
}

/// Errors collected from another thread.
private final class ErrorBox: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [any Error] = []

    func record(_ error: any Error) { lock.withLock { collected.append(error) } }
    var errors: [any Error] { lock.withLock { collected } }
}
