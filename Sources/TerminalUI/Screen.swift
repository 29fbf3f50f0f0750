/// One screen of the navigation stack: a feed list, an item list, an article, help.
///
/// A screen owns its state (selection, scroll) and turns keys into intents — values describing
/// what should happen ("open this item", "go back", "reload") — which the application carries out.
/// It never performs side effects itself, which keeps it testable by rendering into a
/// ``CellGrid``.
@MainActor
public protocol Screen<Intent>: AnyObject {
    associatedtype Intent
    /// Shown in the title bar.
    var title: String { get }
    /// Shown at the right of the title bar ("3 unread").
    var titleDetail: String { get }
    /// The character that fills the title bar between the title and the detail (a title format's
    /// `%>C`); nil for the usual layout.
    var titleFill: Character? { get }
    /// Draws the screen's body into `area`.
    func render(into grid: inout CellGrid, in area: Rect)
    /// The intent for `key`, or nil when the screen has nothing to do with it (the key may have
    /// changed the screen's own state, such as its selection).
    func handle(_ key: Key) -> Intent?
    /// Where to park the hidden cursor (the selected row), for terminals that cannot hide it.
    var parkingPosition: Position? { get }
}

extension Screen {
    public var titleDetail: String { "" }
    public var titleFill: Character? { nil }
    public var parkingPosition: Position? { nil }
}
