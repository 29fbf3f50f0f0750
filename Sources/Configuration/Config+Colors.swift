/// `color ELEMENT FG BG [ATTR…]` lines, applied in file order onto the default theme.
///
/// Newsboat's `info` colours both of its bars; Tidings follows it: `color info …` colours the
/// status bar, and the title bar too until a `color title …` line (before or after it) gives the
/// title bar its own colours.
extension Config {
    mutating func color(_ arguments: [String]) -> String? {
        let assignment: ThemeParser.Assignment
        do {
            assignment = try ThemeParser.assignment(from: arguments)
        } catch {
            return "\(error.description); ignored"
        }
        theme[assignment.element] = assignment.style
        switch assignment.element {
        case .titleBar: hasTitleColor = true
        case .statusBar where !hasTitleColor: theme.titleBar = assignment.style
        default: break
        }
        return nil
    }
}
