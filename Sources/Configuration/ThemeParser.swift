import TerminalUI

/// Reads the words of a `color` line, in newsboat's syntax: `color ELEMENT FG BG [ATTR…]`.
///
///     color listfocus black yellow bold
///     color info color231 color24
///     color listnormal_unread default default underline
///
/// Colours are `default` (the terminal's own), the eight names black, red, green, yellow, blue,
/// magenta, cyan, white, or `colorN` for entry N (0–255) of the 256-colour palette (terminals with
/// fewer colours get the nearest basic one). Attributes are bold, underline, reverse, standout
/// (the same as reverse) and dim; newsboat's blink, invis and protect are read and ignored, with a
/// warning.
enum ThemeParser {
    /// A `color` line that cannot be used.
    struct Problem: Error, Equatable, CustomStringConvertible {
        var description: String
    }

    /// What a `color` line says: which element, and its style.
    struct Assignment: Equatable {
        var element: Theme.Element
        var style: Style
    }

    /// Reads the arguments of a `color` line (everything after `color`).
    static func assignment(from arguments: [String]) throws(Problem) -> Assignment {
        guard arguments.count >= 3 else {
            throw Problem(description: "color needs an element, a foreground and a background (color listfocus black yellow bold)")
        }
        guard let element = Theme.Element(rawValue: arguments[0].lowercased()) else {
            let known = Theme.Element.allCases.map(\.rawValue).joined(separator: ", ")
            throw Problem(description: "unknown element \"\(Excerpt(arguments[0]))\" (Tidings colours \(known))")
        }
        return Assignment(element: element, style: try style(from: Array(arguments.dropFirst()), needsBackground: true))
    }

    /// `FG [BG] [ATTR…]` (also the end of `highlight` lines): a `highlight` may give the
    /// foreground alone, and then the background is the terminal's own; a `color` line
    /// (`needsBackground`) gives both.
    static func style(from words: [String], needsBackground: Bool = false) throws(Problem) -> Style {
        guard let first = words.first else {
            throw Problem(description: "a foreground colour is needed (black yellow bold)")
        }
        var style = Style(foreground: try color(first))
        var attributes = words.dropFirst()
        if let second = attributes.first, needsBackground || !attributeNames.contains(second.lowercased()) {
            style.background = try color(second)
            attributes = attributes.dropFirst()
        }
        for word in attributes {
            switch word.lowercased() {
            case "bold": style.attributes.insert(.bold)
            case "underline": style.attributes.insert(.underline)
            case "reverse", "standout": style.attributes.insert(.reverse)
            case "dim": style.attributes.insert(.dim)
            case "blink", "invis", "protect", "italic": break
            default:
                throw Problem(description: "unknown attribute \"\(Excerpt(word))\" (bold, underline, reverse, standout, dim, blink, invis or protect)")
            }
        }
        return style
    }

    /// The colour called `name`.
    static func color(_ name: String) throws(Problem) -> Color {
        let lowered = name.lowercased()
        if let color = named[lowered] { return color }
        if lowered.hasPrefix("color"), let number = UInt8(lowered.dropFirst(5)), String(number) == lowered.dropFirst(5) {
            return .indexed(number)
        }
        throw Problem(description: "\"\(Excerpt(name))\" is not a colour (default, black, red, green, yellow, blue, magenta, cyan, white or color0 to color255)")
    }

    private static let attributeNames: Set<String> = ["bold", "underline", "reverse", "standout", "dim", "blink", "invis", "protect", "italic"]

    private static let named: [String: Color] = [
        "default": .default, "black": .black, "red": .red, "green": .green, "yellow": .yellow,
        "blue": .blue, "magenta": .magenta, "cyan": .cyan, "white": .white,
    ]
}
