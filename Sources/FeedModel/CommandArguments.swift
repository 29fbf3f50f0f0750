/// Splits a command line into arguments the way a POSIX shell would quote them, without running a
/// shell: nothing is expanded, substituted or globbed, so no text can turn into a command.
///
/// - `'single quotes'` keep everything literally;
/// - `"double quotes"` keep spaces; inside them `\"`, `\\`, `\$` and `` \` `` are escapes;
/// - outside quotes a backslash makes the next character literal;
/// - a leading `~/` of the first argument becomes the home directory (newsboat users write
///   `exec:~/bin/feed.sh`).
///
///     try CommandArguments.split(#"fetch.sh --title "My feed" 'a b'"#)  // ["fetch.sh", "--title", "My feed", "a b"]
public enum CommandArguments {
    public enum SplitError: Error, Equatable, CustomStringConvertible {
        case unterminatedQuote(Character)
        case empty

        public var description: String {
            switch self {
            case .unterminatedQuote(let quote): "unterminated \(quote) quote in the command"
            case .empty: "the command is empty"
            }
        }
    }

    public static func split(_ line: String) throws(SplitError) -> [String] {
        var arguments: [String] = []
        var current = ""
        var inArgument = false
        var quote: Character? = nil
        var escaping = false
        for character in line {
            if escaping {
                if quote == "\"" && !"\"\\$`".contains(character) { current.append("\\") }
                current.append(character)
                escaping = false
                continue
            }
            switch (quote, character) {
            case ("'", "'"), ("\"", "\""):
                quote = nil
            case ("'", _):
                current.append(character)
            case ("\"", "\\"), (nil, "\\"):
                escaping = true
                inArgument = true
            case ("\"", _):
                current.append(character)
            case (nil, "'"), (nil, "\""):
                quote = character
                inArgument = true
            case (nil, _) where character.isWhitespace:
                if inArgument { arguments.append(current) }
                current = ""
                inArgument = false
            default:
                current.append(character)
                inArgument = true
            }
        }
        if let quote { throw .unterminatedQuote(quote) }
        if escaping { current.append("\\") }
        if inArgument { arguments.append(current) }
        guard !arguments.isEmpty else { throw .empty }
        return arguments
    }
}
