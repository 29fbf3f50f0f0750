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

    /// The screen with `id`, if it is on the stack.
    func screen(_ id: ScreenID) -> (any ReaderScreen)? {
        screens.first { $0.id == id }
    }

    /// Changes the screen with `id` when it is of type `Screen`; what `body` returned, nil when
    /// there is no such screen.
    @discardableResult
    mutating func modify<Screen: ReaderScreen, Result>(_ id: ScreenID, as type: Screen.Type, _ body: (inout Screen) -> Result) -> Result? {
        guard let index = screens.firstIndex(where: { $0.id == id }), var screen = screens[index] as? Screen else { return nil }
        let result = body(&screen)
        screens[index] = screen
        return result
    }

    /// Changes the top screen, whatever it is.
    @discardableResult
    mutating func modifyTop<Result>(_ body: (inout any ReaderScreen) -> Result) -> Result {
        body(&screens[screens.count - 1])
    }

    /// Changes every screen, root first.
    mutating func modifyAll(_ body: (inout any ReaderScreen) -> Void) {
        for index in screens.indices { body(&screens[index]) }
    }

    /// Changes every screen that is a `Capability` (a protocol such as `ArticleListing`),
    /// root first. `cast` writes the changed screen back (`{ $0 }`: the capability is a screen).
    mutating func modifyEvery<Capability>(_ type: Capability.Type, _ body: (inout Capability) -> Void, back cast: (Capability) -> any ReaderScreen) {
        for index in screens.indices {
            guard var screen = screens[index] as? Capability else { continue }
            body(&screen)
            screens[index] = cast(screen)
        }
    }
}
