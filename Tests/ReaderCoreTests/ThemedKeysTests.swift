@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// The key bindings of a config file drive the screens (its colours are tested in
/// ReaderScreenTests' ThemedScreenTests).
@MainActor
@Suite struct ThemedKeysTests {
    let home: ReaderHome

    init() throws {
        home = try ReaderHome()
    }

    @Test func themedKeysDriveTheFeedList() throws {
        try home.subscribe(["https://a.example/feed"])
        try home.cache().addItems(1, to: "https://a.example/feed")
        let reader = try home.driver(config: "bind-key x reload-all feedlist\nunbind-key r\n")
        reader.settle()
        #expect(reader.reloadedURLs(by: .character("x")) == ["https://a.example/feed"])
        #expect(reader.reloadedURLs(by: .character("r")) == [])
        #expect(reader.lines.last?.hasPrefix(" r: not bound here") == true)
    }
}
