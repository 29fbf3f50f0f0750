/// Parses newsboat's filter language into a `FilterExpression`.
///
///     expression := term ("or" term)*
///     term       := factor ("and" factor)*
///     factor     := "(" expression ")" | ATTRIBUTE OPERATOR VALUE
///     VALUE      := "quoted text" | NUMBER | LOW:HIGH (after `between`, quoted or not)
///
/// `and` binds tighter than `or`. Everything that could only fail later is refused here, with
/// the column where it starts: unknown attributes, an operator that does not apply to the
/// attribute (`<` on a title), a number expected, a regular expression glibc cannot compile.
public struct FilterParser {
    private enum TokenKind: Equatable {
        case word(String)
        case text(String)
        case number(Double)
        case range(Double, Double)
        case comparator(FilterComparator)
        case open, close, end
    }

    private struct Token {
        var kind: TokenKind
        var column: Int
    }

    private var tokens: [Token] = []
    private var position = 0

    /// Parses `source`, or says what is wrong with it and where.
    public static func parse(_ source: String) throws(FilterSyntaxError) -> FilterExpression {
        var parser = FilterParser()
        parser.tokens = try tokenize(source)
        let expression = try parser.expression()
        let next = parser.tokens[parser.position]
        guard next.kind == .end else {
            throw FilterSyntaxError(column: next.column, message: "expected \"and\", \"or\" or the end of the expression")
        }
        return expression
    }

    private var current: Token { tokens[position] }

    private mutating func expression() throws(FilterSyntaxError) -> FilterExpression {
        var left = try term()
        while current.kind == .word("or") {
            position += 1
            left = .or(left, try term())
        }
        return left
    }

    private mutating func term() throws(FilterSyntaxError) -> FilterExpression {
        var left = try factor()
        while current.kind == .word("and") {
            position += 1
            left = .and(left, try factor())
        }
        return left
    }

    private mutating func factor() throws(FilterSyntaxError) -> FilterExpression {
        let start = current
        switch start.kind {
        case .open:
            position += 1
            let inner = try expression()
            guard current.kind == .close else {
                throw FilterSyntaxError(column: current.column, message: "expected \")\" to close the \"(\" of column \(start.column)")
            }
            position += 1
            return inner
        case .word(let name):
            guard let attribute = FilterAttribute(rawValue: name) else {
                let known = FilterAttribute.allCases.map(\.rawValue).joined(separator: ", ")
                throw FilterSyntaxError(column: start.column, message: "unknown attribute \"\(name)\" (known: \(known))")
            }
            position += 1
            return .comparison(try comparison(of: attribute, named: name))
        case .end:
            throw FilterSyntaxError(column: start.column, message: "expected an attribute such as title or \"(\"; the expression ends here")
        default:
            throw FilterSyntaxError(column: start.column, message: "expected an attribute such as title or \"(\"")
        }
    }

    private mutating func comparison(of attribute: FilterAttribute, named name: String) throws(FilterSyntaxError) -> FilterComparison {
        let operatorToken = current
        let comparator: FilterComparator
        switch operatorToken.kind {
        case .comparator(let found): comparator = found
        case .word("between"): comparator = .between
        default:
            throw FilterSyntaxError(
                column: operatorToken.column,
                message: "expected an operator (=, !=, =~, !~, #, !#, <, >, <=, >=, between) after \"\(name)\"")
        }
        position += 1
        let valueToken = current
        position += 1
        let fail = { (message: String) in FilterSyntaxError(column: valueToken.column, message: message) }
        let value: FilterValue
        switch valueToken.kind {
        case .text(let text): value = .text(text)
        case .number(let number): value = .number(number)
        case .range(let low, let high): value = .range(low, high)
        case .end: throw fail("expected a value after \(comparator.rawValue); the expression ends here")
        default: throw fail("expected a value in double quotes or a number after \(comparator.rawValue)")
        }
        let checkedValue = try checked(value, comparator, attribute, name, fail)
        do {
            return try FilterComparison(attribute: attribute, comparator: comparator, value: checkedValue)
        } catch {
            throw fail("not a regular expression: \(error.reason)")
        }
    }

    /// The value as the comparison will use it, or why the comparison cannot be made.
    private func checked(
        _ value: FilterValue, _ comparator: FilterComparator, _ attribute: FilterAttribute, _ name: String,
        _ fail: (String) -> FilterSyntaxError
    ) throws(FilterSyntaxError) -> FilterValue {
        switch comparator {
        case .matches, .notMatches:
            return .text(value.text)
        case .between:
            guard attribute.kind == .number else { throw fail("between compares numbers, and \(name) is not one") }
            if case .range = value { return value }
            if case .text(let text) = value, case .range(let low, let high)? = Self.numberOrRange(text) { return .range(low, high) }
            throw fail("between needs a range such as 1:7")
        case .less, .greater, .lessOrEqual, .greaterOrEqual:
            guard attribute.kind == .number else {
                throw fail("\(comparator.rawValue) compares numbers, and \(name) is text; use =~ or =")
            }
            return try number(value, name, fail)
        case .equal, .notEqual:
            return attribute.kind == .number ? try number(value, name, fail) : .text(value.text)
        case .contains, .notContains:
            guard attribute.kind != .number else { throw fail("\(comparator.rawValue) looks into text, and \(name) is a number") }
            return .text(value.text)
        }
    }

    private func number(_ value: FilterValue, _ name: String, _ fail: (String) -> FilterSyntaxError) throws(FilterSyntaxError) -> FilterValue {
        if case .number = value { return value }
        if case .text(let text) = value, case .number(let number)? = Self.numberOrRange(text) { return .number(number) }
        throw fail("\(name) is a number; \"\(value.text)\" is not one")
    }

    private static func numberOrRange(_ text: String) -> FilterValue? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == parts.count, numbers.allSatisfy(\.isFinite) else { return nil }
        switch numbers.count {
        case 1: return .number(numbers[0])
        case 2: return .range(numbers[0], numbers[1])
        default: return nil
        }
    }

    // MARK: - Tokens

    private static func tokenize(_ source: String) throws(FilterSyntaxError) -> [Token] {
        let characters = Array(source)
        var tokens: [Token] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let column = index + 1
            if character == " " || character == "\t" {
                index += 1
            } else if character == "(" || character == ")" {
                tokens.append(Token(kind: character == "(" ? .open : .close, column: column))
                index += 1
            } else if character == "\"" {
                var text = ""
                index += 1
                var closed = false
                while index < characters.count {
                    let inner = characters[index]
                    if inner == "\"" {
                        closed = true
                        index += 1
                        break
                    }
                    if inner == "\\", index + 1 < characters.count {
                        // newsboat's escapes: \" and \\; a backslash before anything else stays,
                        // so that regular expressions keep theirs (`\.`).
                        let next = characters[index + 1]
                        if next == "\"" || next == "\\" {
                            text.append(next)
                            index += 2
                            continue
                        }
                    }
                    text.append(inner)
                    index += 1
                }
                guard closed else { throw FilterSyntaxError(column: column, message: "a quote is opened and never closed") }
                tokens.append(Token(kind: .text(text), column: column))
            } else if let (comparator, length) = comparator(at: index, in: characters) {
                tokens.append(Token(kind: .comparator(comparator), column: column))
                index += length
            } else if character.isNumber || character == "-" || character == "." {
                var text = ""
                while index < characters.count, characters[index].isNumber || ".:-".contains(characters[index]) {
                    text.append(characters[index])
                    index += 1
                }
                switch numberOrRange(text) {
                case .number(let number)?: tokens.append(Token(kind: .number(number), column: column))
                case .range(let low, let high)?: tokens.append(Token(kind: .range(low, high), column: column))
                default: throw FilterSyntaxError(column: column, message: "\"\(text)\" is not a number or a range such as 1:7")
                }
            } else if character.isLetter || character == "_" {
                var word = ""
                while index < characters.count, characters[index].isLetter || characters[index].isNumber || characters[index] == "_" {
                    word.append(characters[index])
                    index += 1
                }
                tokens.append(Token(kind: .word(word), column: column))
            } else {
                throw FilterSyntaxError(column: column, message: "unexpected \"\(character)\"")
            }
        }
        tokens.append(Token(kind: .end, column: characters.count + 1))
        return tokens
    }

    /// The operator written at `index` and its length, the longest first (`<=` before `<`).
    private static func comparator(at index: Int, in characters: [Character]) -> (FilterComparator, Int)? {
        let spelled = { (length: Int) in
            index + length <= characters.count ? String(characters[index..<index + length]) : ""
        }
        // newsboat also spells "does not match" `!=~`.
        if spelled(3) == "!=~" { return (.notMatches, 3) }
        for length in [2, 1] {
            if let found = FilterComparator(rawValue: spelled(length)), found != .between { return (found, length) }
        }
        return nil
    }
}
