import Foundation
import Testing
import TestSupport

/// Feeds that try to drive the terminal: escape sequences (CSI clear screen and cursor moves, OSC
/// window title, OSC 52 clipboard, OSC 8 hyperlinks), raw C1 controls, bidi overrides, zero-width
/// characters, a 10 000-character word, and a 100 000-item feed, in feed names, titles, authors
/// and bodies. The real binary runs in tmux; `capture-pane -e` shows the screen with the escape
/// sequences tmux would send to redraw it, which are only SGR attributes (`ESC [ … m`) for what
/// Tidings draws. What is checked:
/// - after removing SGR sequences, the capture holds no ESC, BEL, C1 control or other C0 control:
///   nothing injected reached tmux as a sequence (it would have acted, or been kept as a cell);
/// - the pane title is Tidings' own ("Tidings" or "Tidings (N unread)"), never the feed's;
/// - the layout holds: the title bar on the first row, the status bar (ending in `?:Help`) on the
///   last, the `(unread/total)` column and the date column at their places.
@Suite(.serialized, .enabled(if: TidingsBinary.path != nil && TmuxSession.tmuxPath != nil, "needs TIDINGS_BINARY and tmux (make test)"))
struct HostileScreenTests {
    static let width = 100
    static let height = 30

    /// Every injected sequence, as it is written in the feeds' text.
    static let injections = [
        "\u{1B}[2J\u{1B}[H",                               // clear screen, cursor home
        "\u{1B}[5;5H\u{1B}[10A\u{1B}[K",                  // cursor moves, erase line
        "\u{1B}]0;PWNED-TITLE\u{07}",                      // set window title (BEL)
        "\u{1B}]2;PWNED-TITLE2\u{1B}\\",                   // set window title (ST)
        "\u{1B}]52;c;cHduZWQ=\u{07}",                      // OSC 52: write the clipboard
        "\u{1B}]8;;http://evil.example/\u{1B}\\hyper\u{1B}]8;;\u{1B}\\",  // OSC 8 hyperlink
        "\u{9B}2J\u{9D}0;C1-TITLE\u{9C}\u{85}\u{90}",       // C1 CSI, OSC, ST, NEL, DCS
        "\u{1B}P+q544e\u{1B}\\",                            // DCS request
        "\u{07}\u{08}\u{7F}\r\u{0B}",                      // BEL, BS, DEL, CR, VT
    ]
    static let visibleTricks = "bidi \u{202E}desrever\u{202C} \u{2066}iso\u{2069} zero\u{200B}width\u{2060}join\u{FEFF}bom"
    static let longWord = String(repeating: "W", count: 10_000)

    static func json(_ text: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [text], options: [])
        let array = String(decoding: data, as: UTF8.self)
        return String(array.dropFirst().dropLast())
    }

    /// A JSON Feed (its strings can carry any control character, which XML 1.0 cannot).
    static func hostileJSONFeed() -> String {
        let all = injections.joined()
        let items = [
            (id: "clear", title: "Clear\(injections[0])screen \u{1B}[31mred\u{1B}[0m", author: "Mallory\(injections[4])"),
            (id: "title", title: "Title\(injections[2])\(injections[3]) set", author: "Eve \(injections[5])"),
            (id: "c1", title: "C1 \(injections[6]) raw \(injections[7])\(injections[8]) end", author: "Trudy\u{9B}31m"),
            (id: "bidi", title: visibleTricks, author: "Oscar\u{202E}"),
            (id: "long", title: "Long \(longWord) tail", author: longWord),
        ]
        let entries = items.enumerated().map { index, item in
            """
            {"id": \(json(item.id)), "url": "https://evil.example/\(item.id)", "title": \(json(item.title)),
             "authors": [{"name": \(json(item.author))}], "date_published": "2025-11-2\(index)T10:00:00Z",
             "content_html": \(json("<p>Body \(all) and &#27;[2J &#x1b;]0;ENTITY-TITLE&#7; &#x9b;J then \(longWord) end.</p><p>\(visibleTricks)</p>"))}
            """
        }
        return """
            {"version": "https://jsonfeed.org/version/1.1", "title": \(json("Evil\(injections[2]) Feed\(injections[0])\(injections[6])")),
             "home_page_url": "https://evil.example/", "items": [\(entries.joined(separator: ",\n"))]}
            """
    }

    /// An RSS feed whose XML carries raw C1 characters (legal in XML 1.0) and entity-escaped
    /// escapes inside the HTML description, and four items whose titles carry escape sequences by
    /// different routes: raw C1 characters, a raw ESC in text, a raw ESC and BEL inside CDATA (which
    /// used to cost every item of the feed), and character references to ESC and BEL.
    static func rss() -> String { hostileRSS() }

    /// The four titles as the reader shows them, newest first: the controls dropped, the
    /// printable rest of each sequence left as harmless text (NEL, U+0085, is a line break: a space).
    static let rssTitles = ["Ref[2J]0;REF-TITLE title", "Cdata]0;CDATA-TITLE title", "Raw[2J text", "Item withC1"]

    static func hostileRSS() -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0"><channel><title>Raw\u{9B}2J C1\u{9D}0;RSS-TITLE\u{9C} feed</title>
        <item><title>Item\u{85}with\u{8D}C1</title><guid>r1</guid><author>a\u{9B}31m@example.org</author>
        <pubDate>Fri, 21 Nov 2025 10:00:00 GMT</pubDate>
        <description>&lt;p&gt;esc &amp;#27;]0;DESC-TITLE&amp;#7; and &amp;#x9b;2J &amp;#27;[H&lt;/p&gt;</description></item>
        <item><title>Raw\u{1B}[2J text</title><guid>r2</guid><pubDate>Sat, 22 Nov 2025 10:00:00 GMT</pubDate>
        <description>Raw &amp; text</description></item>
        <item><title><![CDATA[Cdata\u{1B}]0;CDATA-TITLE\u{07} title]]></title><guid>r3</guid>
        <pubDate>Sun, 23 Nov 2025 10:00:00 GMT</pubDate><description><![CDATA[<p>In \u{1B}[31mCDATA</p>]]></description></item>
        <item><title>Ref&#27;[2J&#x1b;]0;REF-TITLE&#7; title</title><guid>r4</guid><pubDate>Mon, 24 Nov 2025 10:00:00 GMT</pubDate>
        <description>&lt;p&gt;After &amp;amp; references&lt;/p&gt;</description></item>
        </channel></rss>
        """
    }

    /// The capture with SGR sequences removed; nil when something else than SGR is in it.
    static func withoutSGR(_ capture: String) -> String {
        capture.replacingOccurrences(of: "\u{1B}\\[[0-9;:]*m", with: "", options: .regularExpression)
    }

    /// The scalars that must never be in a capture: C0 controls but the line feed, DEL, C1.
    static func forbiddenScalars(in text: String) -> [String] {
        text.unicodeScalars.filter { scalar in
            (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
        }.map { String(format: "U+%04X", $0.value) }
    }

    /// Captures the pane with `-e` and checks it; returns the plain rows (no SGR).
    @discardableResult
    static func checkScreen(_ session: TmuxSession, _ context: String) throws -> [String] {
        let capture = try tmux(session, ["capture-pane", "-e", "-p"])
        let plain = withoutSGR(capture)
        #expect(forbiddenScalars(in: plain) == [], "\(context): \(plain)")
        let title = try tmux(session, ["display-message", "-p", "#{pane_title}"]).trimmingCharacters(in: .newlines)
        #expect(title.range(of: "^Tidings( \\([0-9]+ unread\\))?$", options: .regularExpression) != nil, "\(context): title \(title)")
        let rows = plain.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let lines = Array(rows.prefix(height))
        #expect(lines.count == height, "\(context)")
        #expect(lines.first?.hasPrefix(" ") == true, "\(context): the title bar is on row 0: \(lines.first ?? "")")
        #expect(lines.last?.trimmingCharacters(in: .whitespaces).hasSuffix("?:Help") == true,
                "\(context): the status bar is on the last row: \(lines.last ?? "")")
        // No row is wider than the window: tmux would have wrapped it onto the next one.
        #expect(lines.allSatisfy { $0.unicodeScalars.count <= width * 2 }, "\(context)")
        return lines
    }

    /// Runs a tmux command on the session's private server.
    static func tmux(_ session: TmuxSession, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TmuxSession.tmuxPath!)
        process.arguments = ["-L", session.socket] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func injectedSequencesNeverReachTheTerminalAndTheLayoutHolds() throws {
        let home = try ReaderEndToEndTests.Home()
        try home.write(Self.hostileJSONFeed(), to: "feeds/evil.json")
        try home.write(Self.hostileRSS(), to: "feeds/raw.xml")
        try home.write("\(home.server.url("/evil.json"))\n\(home.server.url("/raw.xml"))\n", to: "config/tidings/urls")
        let session = try home.startReader(width: Self.width, height: Self.height)
        try session.waitFor("Tidings — Feeds")
        try session.sendKeys("R")
        try session.waitFor("Reloaded 2 feeds — 9 new articles")

        // The feed list: both names drawn, their counts in one column.
        var lines = try Self.checkScreen(session, "feed list")
        let rows = lines.filter { $0.contains("(5/5)") || $0.contains("(4/4)") }
        #expect(rows.count == 2, "\(lines)")
        let countColumns = Set(rows.map { $0.prefix { $0 != "(" }.count })
        #expect(countColumns.count == 1, "the (unread/total) column is aligned: \(rows)")
        // The parser drops control characters from titles: what is left of a sequence is
        // harmless printable text.
        #expect(rows.contains { $0.hasSuffix("(5/5) Evil]0;PWNED-TITLE Feed[2J[H2J0;C1-TITLE") }, "\(rows)")
        #expect(rows.contains { $0.hasSuffix("(4/4) Raw2J C10;RSS-TITLE feed") }, "\(rows)")

        // The item list of the JSON feed: one row per item, dates in one column, the long title cut.
        try session.sendKeys("Enter")
        lines = try session.waitFor("Clear")
        lines = try Self.checkScreen(session, "item list")
        let itemRows = lines.filter { $0.hasPrefix("N 2025-11-2") }
        #expect(itemRows.count == 5, "\(lines)")
        #expect(itemRows.allSatisfy { $0.dropFirst(2).prefix(10).allSatisfy { "0123456789-".contains($0) } })
        #expect(itemRows.contains { $0.hasPrefix("N 2025-11-24  Long WWWW") && $0.hasSuffix("W…") && $0.count == Self.width },
                "\(itemRows)")
        #expect(itemRows.contains { $0.hasPrefix("N 2025-11-23  bidi desrever iso zerowidthjoinbom") }, "\(itemRows)")
        #expect(itemRows.contains { $0.hasPrefix("N 2025-11-20  Clear[2J[Hscreen [31mred[0m  — Mallory]52;c;cHduZWQ=") }, "\(itemRows)")

        // Every article: header, body and the links, with the long word wrapped inside the window.
        for (index, title) in ["Long", "bidi", "C1", "Title", "Clear"].enumerated() {
            if index > 0 { try session.sendKeys("j") }
            try session.sendKeys("Enter")
            try session.waitFor("Title: \(title)")
            lines = try Self.checkScreen(session, "article \(title)")
            #expect(lines.contains { $0.hasPrefix("Author: ") }, "\(lines)")
            if title == "Long" {
                // The 10 000-character word is broken into full-width rows, never wider.
                let wordRows = lines.filter { row in
                    let text = row.trimmingCharacters(in: .whitespaces)
                    return text.count >= 40 && text.allSatisfy { $0 == "W" }
                }
                #expect(wordRows.count >= 3, "\(lines)")
            }
            try session.sendKeys("q")
            try session.waitFor("2025-11-20  Clear")
        }

        // The RSS feed: all four items listed, whatever route their escapes took, and each opens.
        try session.sendKeys("q")
        try session.waitFor("Raw")
        try session.sendKeys("j", "Enter")
        lines = try session.waitFor(Self.rssTitles[0])
        lines = try Self.checkScreen(session, "RSS item list")
        let rssRows = lines.filter { $0.hasPrefix("N 2025-11-2") }
        #expect(rssRows.count == 4, "\(lines)")
        for (row, title) in zip(rssRows, Self.rssTitles) {
            #expect(row.dropFirst("N 2025-11-2x  ".count).hasPrefix(title), "\(rssRows)")
        }
        for (index, title) in Self.rssTitles.enumerated() {
            if index > 0 { try session.sendKeys("j") }
            try session.sendKeys("Enter")
            lines = try session.waitFor("Title: \(title)")
            lines = try Self.checkScreen(session, "RSS article \(title)")
            switch index {
            case 0: #expect(lines.contains("After & references"), "\(lines)")
            case 1: #expect(lines.contains("In [31mCDATA"), "\(lines)")
            case 2: #expect(lines.contains("Raw & text"), "\(lines)")
            default:
                // The controls are dropped; `&#x9b;` is U+203A, as HTML5 maps C1 references to windows-1252.
                #expect(lines.contains("esc ]0;DESC-TITLE and \u{203A}2J [H"), "\(lines)")
                #expect(lines.contains("Author: a31m@example.org"), "\(lines)")
            }
            try session.sendKeys("q")
            // The list again (the article's own rows also hold the first title).
            try session.waitForScreen("the RSS item list") { !$0.contains { $0.hasPrefix("Title: ") } && $0.contains { $0.contains(Self.rssTitles[0]) } }
        }
        try session.sendKeys("Q")
    }

    @Test func damagedUrlsAndConfigFilesAreOneStatusLineAndStayUntouched() throws {
        let home = try ReaderEndToEndTests.Home()
        try home.write(Self.rss(), to: "feeds/raw.xml")
        var urls = Data("\(home.server.url("/raw.xml"))\n".utf8)
        urls.append(Data([0x00, 0xFF, 0x1B, 0x5B, 0x32, 0x4A, 0x9B, 0x0A]))
        urls.append(Data("www.".utf8) + Data(repeating: UInt8(ascii: "y"), count: 10 << 20))
        urls.append(0x0A)
        try urls.write(to: URL(fileURLWithPath: home.path("config/tidings/urls")))
        let config = home.path("config/tidings/config")
        try Data((try String(contentsOfFile: config, encoding: .utf8) + "bogus-option \u{1B}]0;PWNED\u{07}\n").utf8)
            .write(to: URL(fileURLWithPath: config))
        let urlsBefore = try HostileFilesTests.Snapshot(home.path("config/tidings/urls"))
        let configBefore = try HostileFilesTests.Snapshot(config)

        let session = try home.startReader(width: Self.width, height: Self.height)
        try session.waitFor("urls file line 2: ")
        let lines = try Self.checkScreen(session, "warnings")
        // How many warnings, where the log is, then the first (line 2 of the urls file); the
        // 10 MB line is quoted by a short excerpt at most.
        let status = try #require(lines.last)
        #expect(status.hasPrefix(" 3 warnings — see ~/data/tidings/tidings.log: urls file line 2: damaged line: ?\u{FFFD}?[2J"), "\(status)")
        #expect(status.hasSuffix("?:Help") && status.count <= Self.width, "\(status)")
        try session.sendKeys("Q")
        // Every warning is in the log, each on one short line.
        let log = try String(contentsOfFile: home.path("data/tidings/tidings.log"), encoding: .utf8)
        let warnings = log.split(separator: "\n").filter { $0.contains(" warning ") }
        #expect(warnings.count == 3, "\(log.prefix(2000))")
        #expect(warnings.allSatisfy { $0.count < 300 && !$0.unicodeScalars.contains { $0.properties.generalCategory == .control } })
        #expect(warnings.contains { $0.hasSuffix("config line 2: unknown option \"bogus-option\"; ignored") || $0.contains("unknown option \"bogus-option\"") })
        #expect(try HostileFilesTests.Snapshot(home.path("config/tidings/urls")) == urlsBefore)
        #expect(try HostileFilesTests.Snapshot(config) == configBefore)
    }

    @Test func hundredThousandItemFeedOpensAlignedAndScrollsToTheEnd() throws {
        let home = try ReaderEndToEndTests.Home()
        var rss = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<rss version=\"2.0\"><channel><title>Huge\u{1B}[2J feed</title>\n"
        rss.reserveCapacity(8 << 20)
        for number in 1...100_000 {
            rss += "<item><title>Item \(number)\u{9B}J</title><guid>h\(number)</guid><pubDate>Fri, 21 Nov 2025 10:00:00 GMT</pubDate></item>\n"
        }
        rss += "</channel></rss>\n"
        try home.write(rss, to: "feeds/huge.xml")
        try home.write("\(home.server.url("/huge.xml"))\nhttp://alice:hunter2@127.0.0.1:\(home.server.port)/private.xml\n", to: "config/tidings/urls")
        let session = try home.startReader(width: Self.width, height: Self.height)
        try session.waitFor("Tidings — Feeds")
        try session.sendKeys("R")
        try session.waitFor("(100000/100000)", seconds: 90)
        var lines = try Self.checkScreen(session, "feed list")
        let rows = lines.filter { $0.contains("(100000/100000)") || $0.contains("(0/0)") }
        #expect(Set(rows.map { $0.prefix { $0 != "(" }.count }).count == 1, "\(rows)")
        #expect(!lines.joined().contains("hunter2"))

        try session.sendKeys("Enter")
        lines = try session.waitFor("Item 1")
        lines = try Self.checkScreen(session, "top of 100 000 items")
        #expect(lines.filter { $0.hasPrefix("N 2025-11-21  Item ") }.count == Self.height - 2, "a full page of rows")
        let top = lines.filter { $0.hasPrefix("N 2025-11-21  Item ") }
        try session.sendKeys("End")
        lines = try session.waitForScreen("the end of the list") { screen in
            let rows = screen.filter { $0.hasPrefix("N 2025-11-21  Item ") }
            return rows.count == Self.height - 2 && rows != top
        }
        lines = try Self.checkScreen(session, "bottom of 100 000 items")
        try session.sendKeys("Q")

        // The credentials of the failing feed are in neither the screen nor the log.
        let log = (try? String(contentsOfFile: home.path("data/tidings/tidings.log"), encoding: .utf8)) ?? ""
        #expect(!log.contains("hunter2") && !log.contains("alice"), "\(log)")
        // …though the failure is logged, by its redacted URL (so the check above is not vacuous).
        #expect(log.contains("reload of http://***@127.0.0.1:\(home.server.port)/private.xml failed: HTTP 404 Not Found"), "\(log)")
    }
}
