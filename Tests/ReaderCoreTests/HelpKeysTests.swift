@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// What the keys do on the help screen and on the welcome screen (their drawing is in
/// ReaderScreenTests' HelpScreenTests).
@MainActor
@Suite struct HelpKeysTests {
    let home: ReaderHome

    init() throws {
        home = try ReaderHome()
    }

    @Test func questionMarkClosesTheHelpAndQQuits() throws {
        try home.subscribe([])
        let reader = try home.driver()
        reader.settle()
        reader.press(.character("?"))
        #expect(reader.state.top is HelpScreen)
        reader.press(.character("?"))
        #expect(reader.state.top is FeedListScreen)
        #expect(reader.quitStatus == nil)
        reader.press(.character("?"))
        reader.press(.character("Q"))
        #expect(reader.quitStatus == 0)
    }

    @Test func theWelcomeScreenQuitsWithQAndAddsAFeedWithA() throws {
        let reader = try home.driver()
        reader.settle()
        #expect(reader.state.top is FirstRunScreen)
        reader.press(.character("a"))
        #expect(reader.lines.last == "Add feed URL:")
        reader.press(.escape)
        reader.press(.character("q"))
        #expect(reader.quitStatus == 0)
    }
}
