/// A button of the mouse, as terminals report it.
public enum MouseButton: Hashable, Sendable {
    case left, middle, right

    /// `Left`, `Middle`, `Right`.
    public var name: String {
        switch self {
        case .left: "Left"
        case .middle: "Middle"
        case .right: "Right"
        }
    }
}

/// A click, a release, a drag or a turn of the wheel, and the cell under the pointer.
///
/// Arrives as ``Key/mouse(_:)`` while ``Terminal/reportsMouse`` is on, decoded by ``KeyDecoder``
/// from the terminal's SGR (mode 1006) reports. A double click is two presses: what a second
/// press means is the reader's to decide.
///
/// ```swift
/// // The third row of the screen, clicked at its first column:
/// Key.mouse(MouseEvent(action: .press(.left), row: 2, column: 0))
/// ```
public struct MouseEvent: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        case press(MouseButton)
        /// A button let go (which one is not kept: a press says which).
        case release
        /// The pointer moved with `button` held.
        case drag(MouseButton)
        case wheelUp, wheelDown
    }

    /// Keys held with the mouse. Terminals keep Shift for selecting text themselves, so a report
    /// with `.shift` is rare.
    public struct Modifiers: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let shift = Modifiers(rawValue: 1 << 0)
        public static let alt = Modifiers(rawValue: 1 << 1)
        public static let control = Modifiers(rawValue: 1 << 2)
    }

    public var action: Action
    /// The cell under the pointer, counted from 0 at the top left of the screen.
    public var row: Int
    public var column: Int
    public var modifiers: Modifiers

    public init(action: Action, row: Int, column: Int, modifiers: Modifiers = []) {
        self.action = action
        self.row = row
        self.column = column
        self.modifiers = modifiers
    }
}

extension MouseEvent: CustomStringConvertible {
    /// How the event is written in logs and test failures: `Ctrl-Left-press at 2,0`.
    public var description: String {
        var name = ""
        if modifiers.contains(.control) { name += "Ctrl-" }
        if modifiers.contains(.alt) { name += "Alt-" }
        if modifiers.contains(.shift) { name += "Shift-" }
        switch action {
        case .press(let button): name += "\(button.name)-press"
        case .release: name += "Release"
        case .drag(let button): name += "\(button.name)-drag"
        case .wheelUp: name += "Wheel-up"
        case .wheelDown: name += "Wheel-down"
        }
        return "\(name) at \(row),\(column)"
    }
}
