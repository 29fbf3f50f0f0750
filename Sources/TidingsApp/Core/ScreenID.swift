/// Which screen of the stack a read's answer is for: numbered as screens are opened, never
/// reused, so that an answer to a screen that has gone finds none.
struct ScreenID: Hashable, Sendable, CustomStringConvertible {
    var value: Int

    var description: String { "screen \(value)" }
}
