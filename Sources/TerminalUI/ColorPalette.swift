import CNcursesw

/// Turns ``Style`` values into ncurses attributes and colour pairs, allocating pairs as new
/// foreground/background combinations appear. Used by ``Terminal`` on the main queue only.
@MainActor
final class ColorPalette {
    /// Whether colours are drawn (false with `NO_COLOR` or on a terminal without colours).
    let isEnabled: Bool
    private let paletteSize: Int
    private let pairLimit: Int
    private let hasDefaultColors: Bool
    private var pairs: [PairKey: Int16] = [:]
    /// The colours drawn where a style says `.default` (newsboat's `color background`);
    /// `.default` here leaves the terminal's own.
    var baseForeground = Color.default
    var baseBackground = Color.default

    private struct PairKey: Hashable {
        var foreground: Color
        var background: Color
    }

    /// Starts colour in ncurses when `enabled` and the terminal has colours.
    init(enabled: Bool) {
        if enabled && has_colors() {
            start_color()
            hasDefaultColors = use_default_colors() == OK
            isEnabled = true
            paletteSize = Int(tidings_colors())
            pairLimit = min(Int(tidings_color_pairs()), Int(Int16.max))
        } else {
            isEnabled = false
            hasDefaultColors = false
            paletteSize = 0
            pairLimit = 0
        }
    }

    /// The style's attributes; without colours, a coloured background becomes reverse video so
    /// that bars and highlights still stand out (`NO_COLOR`, monochrome terminals).
    func attributes(for style: Style) -> attr_t {
        var result = tidings_a_normal()
        if !isEnabled && style.background != .default { result |= tidings_a_reverse() }
        if style.attributes.contains(.bold) { result |= tidings_a_bold() }
        if style.attributes.contains(.underline) { result |= tidings_a_underline() }
        if style.attributes.contains(.reverse) { result |= tidings_a_reverse() }
        if style.attributes.contains(.dim) { result |= tidings_a_dim() }
        return result
    }

    /// The colour pair for the style's colours; 0 (the default pair) when colours are off or the
    /// terminal has run out of pairs.
    func pair(for style: Style) -> Int16 {
        guard isEnabled else { return 0 }
        let foreground = style.foreground == .default ? baseForeground : style.foreground
        let background = style.background == .default ? baseBackground : style.background
        let key = PairKey(
            foreground: foreground.approximated(paletteSize: paletteSize),
            background: background.approximated(paletteSize: paletteSize)
        )
        if key.foreground == .default && key.background == .default { return 0 }
        if let pair = pairs[key] { return pair }
        let number = pairs.count + 1
        guard number < pairLimit else { return 0 }
        init_pair(Int16(number), colorNumber(key.foreground, fallback: COLOR_WHITE), colorNumber(key.background, fallback: COLOR_BLACK))
        pairs[key] = Int16(number)
        return Int16(number)
    }

    private func colorNumber(_ color: Color, fallback: Int32) -> Int16 {
        switch color {
        case .default: return hasDefaultColors ? -1 : Int16(fallback)
        case .indexed(let index): return Int16(index)
        }
    }
}
