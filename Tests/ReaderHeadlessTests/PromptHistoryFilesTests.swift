import Configuration
import Foundation
import ReaderTesting
import TerminalUI
import TestSupport
import Testing
@testable import TidingsApp

/// `history-limit`: the command line's and the search prompt's histories, kept between sessions
/// in `history.cmdline` and `history.search` as newsboat keeps them, in the headless reader: the
/// files are written as the reader quits and read when the next one starts. (What the core keeps
/// for the session: ReaderCoreTests' PromptHistoryTests.)
@MainActor @Suite struct PromptHistoryFilesTests {
    private func startReader(_ home: HeadlessHome, config: String = "") async throws -> HeadlessReader {
        #expect(Config(parsing: config).warnings.isEmpty)
        let reader = try home.startReader(columns: 120, config: config) { settings in
            settings.historyFiles = HistoryFiles(commandLine: home.path("history.cmdline"), search: home.path("history.search"))
        }
        #expect(await reader.settle())
        return reader
    }

    private func home() throws -> HeadlessHome {
        let home = try HeadlessHome()
        try home.serve("news", title: "Harbour News", items: [("Ferry delayed", 20)])
        try home.subscribe([home.url("news")])
        return home
    }

    /// Types `text` at the search prompt and comes back from its results.
    private func search(_ reader: HeadlessReader, _ text: String) async {
        reader.press(.character("/"))
        reader.type(text)
        reader.press(.enter)
        #expect(await reader.settle())
        reader.press(.character("q"))
    }

    private func command(_ reader: HeadlessReader, _ text: String) {
        reader.press(.character(":"))
        reader.type(text)
        reader.press(.enter)
    }

    private func quit(_ reader: HeadlessReader) async {
        reader.press(.character("Q"))
        #expect(await reader.waitForExit() == 0)
    }

    private func contents(_ home: HeadlessHome, _ name: String) -> String? {
        try? String(contentsOfFile: home.path(name), encoding: .utf8)
    }

    @Test func theNewestLinesAreKeptForTheNextSession() async throws {
        let home = try home()
        let first = try await startReader(home, config: "history-limit 2\n")
        for text in ["alpha", "alpha", "beta", "beta", "gamma"] { await search(first, text) }
        for width in ["70", "60", "60", "50"] { command(first, "set text-width \(width)") }
        await quit(first)
        // The last two of each, oldest first; a line repeating the one before it kept once.
        #expect(contents(home, "history.search") == "beta\ngamma\n")
        #expect(contents(home, "history.cmdline") == "set text-width 60\nset text-width 50\n")
        let permissions = try FileManager.default.attributesOfItem(atPath: home.path("history.search"))[.posixPermissions] as? Int
        #expect(permissions == 0o600)

        let second = try await startReader(home, config: "history-limit 2\n")
        second.press(.character("/"), .up)
        #expect(second.lines.last?.hasPrefix("Search: gamma") == true, "\(second.text)")
        second.press(.up)
        #expect(second.lines.last?.hasPrefix("Search: beta") == true, "\(second.text)")
        second.press(.up)
        #expect(second.lines.last?.hasPrefix("Search: beta") == true, "the oldest line stays: \(second.text)")
        second.press(.down, .down)
        #expect(second.lines.last?.trimmingCharacters(in: .whitespaces) == "Search:", "\(second.text)")
        second.press(.escape, .character(":"), .up)
        #expect(second.lines.last?.hasPrefix(":set text-width 50") == true, "\(second.text)")
        second.press(.escape)
        // This session's lines come after the last one's, and the file keeps the newest two.
        await search(second, "delta")
        await quit(second)
        #expect(contents(home, "history.search") == "gamma\ndelta\n")
        #expect(contents(home, "history.cmdline") == "set text-width 60\nset text-width 50\n")
    }

    @Test func aLimitOfZeroReadsAndWritesNothing() async throws {
        let home = try home()
        let reader = try await startReader(home, config: "history-limit 0\n")
        await search(reader, "alpha")
        command(reader, "set text-width 70")
        reader.press(.character("/"), .up)
        // Kept for the session all the same.
        #expect(reader.lines.last?.hasPrefix("Search: alpha") == true, "\(reader.text)")
        reader.press(.escape)
        await quit(reader)
        #expect(!FileManager.default.fileExists(atPath: home.path("history.search")))
        #expect(!FileManager.default.fileExists(atPath: home.path("history.cmdline")))

        // A file left by an earlier session is neither read nor changed.
        try home.write("old search\n", to: "history.search")
        let again = try await startReader(home, config: "history-limit 0\n")
        again.press(.character("/"), .up)
        #expect(again.lines.last?.trimmingCharacters(in: .whitespaces) == "Search:", "\(again.text)")
        again.press(.escape)
        await search(again, "new search")
        await quit(again)
        #expect(contents(home, "history.search") == "old search\n")
    }

    @Test func aFileThatIsNotTextIsAnEmptyHistoryAndIsWrittenAfresh() async throws {
        let home = try home()
        try Data([0x62, 0x61, 0xFF, 0xFE, 0x00, 0x0A]).write(to: URL(fileURLWithPath: home.path("history.search")))
        try FileManager.default.createDirectory(atPath: home.path("history.cmdline"), withIntermediateDirectories: true)
        let reader = try await startReader(home)
        reader.press(.character("/"), .up)
        #expect(reader.lines.last?.trimmingCharacters(in: .whitespaces) == "Search:", "\(reader.text)")
        reader.press(.escape)
        await search(reader, "fresh")
        command(reader, "set text-width 70")
        await quit(reader)
        #expect(contents(home, "history.search") == "fresh\n")
        // A directory in the way is left alone; the reader quits all the same.
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: home.path("history.cmdline"), isDirectory: &isDirectory) && isDirectory.boolValue)
    }
}
