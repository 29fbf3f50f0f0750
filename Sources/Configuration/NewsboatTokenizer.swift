/// Splits one line of a newsboat-style file (`urls`, `config`) into tokens.
///
/// Tokens are separated by spaces or tabs; a token in double quotes may hold spaces, with `\"`,
/// `\\`, `\n` and `\t` as escapes inside; a `#` that begins a token starts a comment that runs to
/// the end of the line (so `https://example.org/feed#top` keeps its fragment).
///
///     try NewsboatTokenizer.tokenize(#"https://a.example/feed tech "long reads" "~My Title" # note"#)
///     // ["https://a.example/feed", "tech", "long reads", "~My Title"]
public enum NewsboatTokenizer {
    public struct Token: Equatable {
        public var text: String
        var wasQuoted: Bool
    }

    public enum TokenizeError: Error, Equatable, CustomStringConvertible {
        case unterminatedQuote

        public var description: String { "a quote is opened and never closed" }
    }

    public static func tokenize(_ line: String) throws(TokenizeError) -> [Token] {
        let (tokens, isQuoteUnclosed) = tokenizeLeniently(line)
        if isQuoteUnclosed { throw .unterminatedQuote }
        return tokens
    }

    /// The tokens of `line` as newsboat reads them even when a quote is never closed: the rest of
    /// the line is then the last token; `isQuoteUnclosed` says it happened.
    public static func tokenizeLeniently(_ line: String) -> (tokens: [Token], isQuoteUnclosed: Bool) {
        var tokens: [Token] = []
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if character == " " || character == "\t" || character == "\r" {
                index = line.index(after: index)
            } else if character == "#" {
                break
            } else if character == "\"" {
                var text = ""
                var position = line.index(after: index)
                var closed = false
                while position < line.endIndex {
                    let current = line[position]
                    if current == "\"" {
                        closed = true
                        position = line.index(after: position)
                        break
                    }
                    if current == "\\", line.index(after: position) < line.endIndex {
                        let escaped = line[line.index(after: position)]
                        switch escaped {
                        case "\"": text.append("\"")
                        case "\\": text.append("\\")
                        case "n": text.append("\n")
                        case "t": text.append("\t")
                        default: text.append("\\"); text.append(escaped)
                        }
                        position = line.index(position, offsetBy: 2)
                        continue
                    }
                    text.append(current)
                    position = line.index(after: position)
                }
                tokens.append(Token(text: text, wasQuoted: true))
                guard closed else { return (tokens, true) }
                index = position
            } else {
                let end = line[index...].firstIndex { $0 == " " || $0 == "\t" || $0 == "\r" } ?? line.endIndex
                tokens.append(Token(text: String(line[index..<end]), wasQuoted: false))
                index = end
            }
        }
        return (tokens, false)
    }

    /// `line` without its comment: what comes before a `#` that begins a token outside quotes,
    /// the same `#` that ends `tokenize`'s reading.
    static func withoutComment(_ line: String) -> String {
        var isQuoted = false
        var isEscaped = false
        var previous: Character = " "
        for index in line.indices {
            let character = line[index]
            defer { previous = character }
            if isQuoted {
                if isEscaped { isEscaped = false } else if character == "\\" { isEscaped = true } else if character == "\"" { isQuoted = false }
            } else if character == "\"" {
                isQuoted = true
            } else if character == "#", previous == " " || previous == "\t" || previous == "\r" {
                return String(line[..<index])
            }
        }
        return line
    }

    /// The lines of a file, without a leading byte-order mark and without their terminators (`\n` or `\r\n`; Swift sees the latter as one
    /// character); a final terminator does not make an extra empty line.
    static func lines(of text: String) -> [String] {
        // Editors on Windows start UTF-8 files with U+FEFF; newsboat reads past it.
        let text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        // An empty file has no lines, not one blank line that a rewrite would keep.
        if text.isEmpty { return [] }
        var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.map(String.init)
        if text.last == "\n" || text.last == "\r\n" { lines.removeLast() }
        return lines
    }

    /// The lines of a file with a line that ends in a backslash joined to the next, as newsboat
    /// reads its config and urls files (the backslash dropped, nothing put in its place); each
    /// with the number of its first line and its text as written (the lines and their breaks).
    static func joinedLines(of text: String) -> [(number: Int, line: String, written: String)] {
        var joined: [(number: Int, line: String, written: String)] = []
        var pending: (number: Int, line: String, written: String)?
        for (offset, line) in lines(of: text).enumerated() {
            var current = pending.map { ($0.number, $0.line, $0.written + "\n" + line) } ?? (offset + 1, "", line)
            if line.hasSuffix("\\") {
                current.1 += line.dropLast()
                pending = current
            } else {
                current.1 += line
                joined.append(current)
                pending = nil
            }
        }
        if let pending { joined.append(pending) }
        return joined
    }

    /// The token as it must be written so that `tokenize` reads it back unchanged.
    public static func quoteIfNeeded(_ text: String) -> String {
        let needsQuotes = text.isEmpty || text.hasPrefix("#")
            || text.contains { $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "\\" || $0 == "\n" || $0 == "\r" }
        return needsQuotes ? quote(text) : text
    }

    /// The token in double quotes, escaped.
    static func quote(_ text: String) -> String {
        var quoted = "\""
        for character in text {
            switch character {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            default: quoted.append(character)
            }
        }
        return quoted + "\""
    }
}
