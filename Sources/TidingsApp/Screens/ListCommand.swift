import Configuration
import TerminalUI

/// Applies the movement commands every list shares to a `ListState`.
enum ListCommand {
    /// Moves `state` for `command`; false when the command is not a movement.
    static func apply(_ command: KeyCommand, to state: inout ListState, count: Int) -> Bool {
        switch command {
        case .up: state.step(forward: false, count: count)
        case .down: state.step(forward: true, count: count)
        case .pageUp: state.pageUp(count: count)
        case .pageDown: state.pageDown(count: count)
        case .halfPageUp: state.move(by: -halfPage(state), count: count)
        case .halfPageDown: state.move(by: halfPage(state), count: count)
        case .home: state.select(0, count: count)
        case .end: state.select(count - 1, count: count)
        default: return false
        }
        return true
    }

    /// Gives `state` the lists' `scrolloff` and `wrap-scroll`.
    static func follow(_ config: Config, in state: inout ListState) {
        state.scrollOff = config[\.scrolloff]
        state.wrapsAround = config[\.wrapScroll]
    }

    /// Half the rows shown, at least one (newsboat's `halfpageup`, `halfpagedown`).
    private static func halfPage(_ state: ListState) -> Int {
        max(1, state.visibleRows / 2)
    }
}
