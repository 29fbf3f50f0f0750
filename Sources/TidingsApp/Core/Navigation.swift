/// The stack of screens, root first, as a value: the top one is shown and takes the keys.
///
/// The root (the feed list, or the welcome screen) is never popped. Screens are addressed by
/// their `ScreenID`, so that an answer of the cache reaches the screen that asked for it — or
/// none, when it has gone.
struct Navigation: Sendable {
    private(set) var screens: [any ReaderScreen]
    /// Screens `prev-dialog` left, the last one first back with `next-dialog`, each with the
    /// screen it was over.
    var later: [(screen: any ReaderScreen, below: ScreenID)] = []
    /// Screens shown beside the stack in a split layout, not on it: the selected row's article
    /// beside a list, the selected feed's articles beside the feed list. They read and take
    /// marks as the stack's screens do.
    private(set) var beside: [any ReaderScreen] = []

    init(root: any ReaderScreen) {
        screens = [root]
    }

    var top: any ReaderScreen { screens[screens.count - 1] }

    var root: any ReaderScreen { screens[0] }

    mutating func push(_ screen: any ReaderScreen) {
        screens.append(screen)
    }

    /// Removes the top screen unless it is the root; returns the removed one.
    @discardableResult
    mutating func pop() -> (any ReaderScreen)? {
        guard screens.count > 1 else { return nil }
        return screens.removeLast()
    }

    /// Pops every screen over the root.
    mutating func popToRoot() {
        screens.removeLast(screens.count - 1)
    }

    /// Replaces the top screen (the root when only it is left).
    mutating func replaceTop(with screen: any ReaderScreen) {
        screens[screens.count - 1] = screen
    }

    /// The screen with `id`, if it is on the stack or beside it.
    func screen(_ id: ScreenID) -> (any ReaderScreen)? {
        screens.first { $0.id == id } ?? beside.first { $0.id == id }
    }

    /// The screen beside the stack of type `Screen`, if there is one.
    func beside<Screen: ReaderScreen>(_ type: Screen.Type) -> Screen? {
        beside.lazy.compactMap { $0 as? Screen }.first
    }

    /// Puts `screen` beside the stack, in place of the one of its type.
    mutating func setBeside<Screen: ReaderScreen>(_ screen: Screen) {
        beside.removeAll { $0 is Screen }
        beside.append(screen)
    }

    /// Takes the screen of type `Screen` away from beside the stack.
    mutating func removeBeside<Screen: ReaderScreen>(_ type: Screen.Type) {
        beside.removeAll { $0 is Screen }
    }

    /// Changes the screen with `id` (on the stack or beside it) when it is of type `Screen`; what
    /// `body` returned, nil when there is no such screen.
    @discardableResult
    mutating func modify<Screen: ReaderScreen, Result>(_ id: ScreenID, as type: Screen.Type, _ body: (inout Screen) -> Result) -> Result? {
        if let index = screens.firstIndex(where: { $0.id == id }), var screen = screens[index] as? Screen {
            let result = body(&screen)
            screens[index] = screen
            return result
        }
        guard let index = beside.firstIndex(where: { $0.id == id }), var screen = beside[index] as? Screen else { return nil }
        let result = body(&screen)
        beside[index] = screen
        return result
    }

    /// Changes the screen with `id`, whatever it is (on the stack or beside it); nil when there
    /// is no such screen.
    @discardableResult
    mutating func modifyAny<Result>(_ id: ScreenID, _ body: (inout any ReaderScreen) -> Result) -> Result? {
        if let index = screens.firstIndex(where: { $0.id == id }) { return body(&screens[index]) }
        guard let index = beside.firstIndex(where: { $0.id == id }) else { return nil }
        return body(&beside[index])
    }

    /// Changes the top screen, whatever it is.
    @discardableResult
    mutating func modifyTop<Result>(_ body: (inout any ReaderScreen) -> Result) -> Result {
        body(&screens[screens.count - 1])
    }

    /// Changes every screen, root first, then those beside the stack.
    mutating func modifyAll(_ body: (inout any ReaderScreen) -> Void) {
        for index in screens.indices { body(&screens[index]) }
        for index in beside.indices { body(&beside[index]) }
    }

    /// Changes every screen that is a `Capability` (a protocol such as `ArticleListing`),
    /// root first, then those beside the stack. `cast` writes the changed screen back (`{ $0 }`:
    /// the capability is a screen).
    mutating func modifyEvery<Capability>(_ type: Capability.Type, _ body: (inout Capability) -> Void, back cast: (Capability) -> any ReaderScreen) {
        for index in screens.indices {
            guard var screen = screens[index] as? Capability else { continue }
            body(&screen)
            screens[index] = cast(screen)
        }
        for index in beside.indices {
            guard var screen = beside[index] as? Capability else { continue }
            body(&screen)
            beside[index] = cast(screen)
        }
    }
}
