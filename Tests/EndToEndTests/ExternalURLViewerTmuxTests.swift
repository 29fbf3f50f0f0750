import Foundation
import TestSupport
import Testing

/// `external-url-viewer` in the real binary, in tmux: the viewer gets the terminal (it draws and
/// reads a key from it), the article's links on its standard input, and the reader comes back.
@Suite(.serialized, .enabled(if: TidingsBinary.path != nil && TmuxSession.tmuxPath != nil, "needs TIDINGS_BINARY and tmux (make test)"))
struct ExternalURLViewerTmuxTests {
    @Test func theViewerHasTheTerminalAndTheLinks() throws {
        let home = try ReaderEndToEndTests.Home()
        let items = [(title: "Linked story", link: "https://news.example/story", date: "Fri, 21 Nov 2025 10:00:00 GMT",
                      body: #"<p>See <a href="https://news.example/one">one</a> and <a href="https://news.example/two">two</a>.</p>"#)]
        try home.write(ReaderEndToEndTests.rss(title: "Links", items: items), to: "feeds/links.xml")
        try home.write("\(home.server.url("/links.xml"))\n", to: "config/tidings/urls")
        // A viewer as urlview is one: it draws on the terminal and waits for a key read from it.
        try ExecutableScript.write(
            "#!/bin/sh\nwhile read -r url; do printf 'VIEWER GOT %s\\n' \"$url\"; done\nprintf 'VIEWER WAITS\\n'\nread -r key < /dev/tty\n",
            to: home.path("viewer"))
        let config = try String(contentsOfFile: home.path("config/tidings/config"), encoding: .utf8)
        try home.write(config + "external-url-viewer \"\(home.path("viewer"))\"\n", to: "config/tidings/config")

        let session = try home.startReader()
        try session.waitFor("Tidings — Feeds")
        try session.sendKeys("R")
        try session.waitFor("Reloaded 1 feed")
        try session.sendKeys("Enter")
        try session.waitFor("Linked story")
        try session.sendKeys("Enter")
        try session.waitFor("Title: Linked story")
        try session.sendKeys("u")
        let screen = try session.waitFor("VIEWER WAITS")
        #expect(screen.contains("VIEWER GOT https://news.example/one"), "\(screen)")
        #expect(screen.contains("VIEWER GOT https://news.example/two"), "\(screen)")
        #expect(!screen.contains { $0.contains("Title: Linked story") }, "the reader has not drawn over the viewer: \(screen)")
        try session.sendKeys("Enter")
        try session.waitFor("Title: Linked story")
        try session.sendKeys("Q")
    }
}
