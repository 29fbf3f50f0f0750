import Testing
@testable import TerminalUI

/// A list screen used to test the controller: Enter opens the selected row.
@MainActor
final class NumbersScreen: Screen {
    enum Intent: Equatable { case open(Int) }
    let name: String
    var state = ListState()
    let rows: [String]

    init(name: String, count: Int) {
        self.name = name
        rows = (0..<count).map { "\(name) \($0)" }
    }

    var title: String { name }
    var titleDetail: String { "\(rows.count) rows" }

    func render(into grid: inout CellGrid, in area: Rect) {
        ListView(source: ArrayDataSource(rows), renderer: PlainRowRenderer()).render(into: &grid, in: area, state: &state)
    }

    func handle(_ key: Key) -> Intent? {
        if key == .enter { return .open(state.selection) }
        _ = state.handleNavigationKey(key, count: rows.count)
        return nil
    }
}

@MainActor
@Suite struct NavigationControllerTests {
    @Test func pushPopKeepsEachScreensSelection() {
        let feeds = NumbersScreen(name: "feeds", count: 50)
        let navigation = NavigationController<NumbersScreen.Intent>(root: feeds)
        var grid = CellGrid(rows: 6, columns: 20)
        navigation.render(into: &grid)
        for _ in 0..<6 { _ = navigation.handle(.down) }
        #expect(navigation.handle(.enter) == .open(6))
        let items = NumbersScreen(name: "items", count: 3)
        navigation.push(items)
        _ = navigation.handle(.down)
        navigation.statusMessage = "Reloading 1/2"
        navigation.render(into: &grid)
        #expect(grid.lines == [" items       3 rows", "items 0", "items 1", "items 2", "", " Reloading 1/2"])
        navigation.pop()
        #expect(navigation.pop() == nil)
        navigation.render(into: &grid)
        #expect(grid.lines == [" feeds      50 rows", "feeds 3", "feeds 4", "feeds 5", "feeds 6", " Reloading 1/2"])
        #expect(feeds.state.selection == 6)
    }

    @Test func everySizeFromNothingToHuge() {
        let navigation = NavigationController<NumbersScreen.Intent>(root: NumbersScreen(name: "日本語のフィード", count: 1000))
        for (rows, columns) in [(0, 0), (1, 1), (2, 1), (3, 3), (5, 20), (200, 500)] {
            var grid = CellGrid(rows: rows, columns: columns)
            navigation.render(into: &grid)
            #expect(grid.rows == rows && grid.columns == columns)
        }
        var one = CellGrid(rows: 1, columns: 1)
        navigation.render(into: &one)
        #expect(one.lines == ["…"])
        var small = CellGrid(rows: 5, columns: 20)
        navigation.render(into: &small)
        #expect(small.lines == [" 日本語のフィード", "日本語のフィード 0", "日本語のフィード 1", "日本語のフィード 2", ""])
    }

    @Test func hintsTakeARowOnlyWhileTheBodyKeepsOne() {
        let navigation = NavigationController<NumbersScreen.Intent>(root: NumbersScreen(name: "feeds", count: 9))
        navigation.keyHints = StyledText("q:Quit")
        navigation.statusMessage = "ok"
        func lines(_ rows: Int) -> [String] {
            var grid = CellGrid(rows: rows, columns: 16)
            navigation.render(into: &grid)
            return grid.lines
        }
        #expect(lines(5) == [" feeds   9 rows", "feeds 0", "feeds 1", "q:Quit", " ok"])
        // Too short for both bars: the title stays, as it did before hints.
        #expect(lines(3) == [" feeds   9 rows", "feeds 0", " ok"])
        #expect(lines(2) == ["feeds 0", " ok"])

        navigation.swapsTitleAndHints = true
        #expect(lines(5) == ["q:Quit", "feeds 0", "feeds 1", " feeds   9 rows", " ok"])
        navigation.showsTitleBar = false
        #expect(lines(4) == ["q:Quit", "feeds 0", "feeds 1", " ok"])
        navigation.keyHints = nil
        #expect(lines(4) == ["feeds 0", "feeds 1", "feeds 2", " ok"])
    }

    @Test func promptReplacesTheStatusBar() {
        let navigation = NavigationController<NumbersScreen.Intent>(root: NumbersScreen(name: "feeds", count: 1))
        navigation.prompt = LineEditor(prompt: "Search: ", text: "日本")
        var grid = CellGrid(rows: 4, columns: 20)
        let cursor = navigation.render(into: &grid)
        #expect(grid.lines.last == "Search: 日本")
        #expect(cursor == Position(row: 3, column: 12))
    }
}
