/// A piece of a user's file quoted in a message: one short line, safe to print on a terminal.
///
/// A urls or config file can hold anything (a 10 MB line, binary junk, escape sequences): quoting
/// it raw would flood the terminal or let the bytes drive it. Control characters become `?`,
/// invalid UTF-8 is already U+FFFD when the file is decoded, and text longer than `limit`
/// characters is cut with `…`.
///
///     Excerpt("ab\u{1B}[2Jcd").text            // "ab?[2Jcd"
///     Excerpt(String(repeating: "x", count: 500)).text.count  // 61
public struct Excerpt: CustomStringConvertible {
    /// The characters kept before `…`.
    static let limit = 60

    public let text: String

    public init(_ raw: some StringProtocol) {
        var result = ""
        var count = 0
        for character in raw {
            if count == Excerpt.limit {
                result.append("…")
                break
            }
            let isControl = character.unicodeScalars.contains { $0.properties.generalCategory == .control }
            result.append(isControl ? "?" : character)
            count += 1
        }
        text = result
    }

    public var description: String { text }
}
