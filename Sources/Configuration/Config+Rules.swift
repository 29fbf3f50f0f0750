import FilterLanguage

/// Rules on arrival: `rule "EXPRESSION" ACTION [ACTION…]` (see `ArticleRule`), the expression
/// quoted as `ignore-article` takes it. A line that does not read whole is one warning and no
/// rule: a rule half applied would be worse than none.
extension Config {
    /// `rule "EXPRESSION" ACTION [ACTION…]`.
    mutating func rule(_ arguments: [String], line: Int) -> String? {
        let usage = "(rule \"title =~ \\\"Sponsored\\\"\" mark-read)"
        guard arguments.count >= 2 else {
            return "rule takes an expression in quotes and at least one action \(usage), got \(arguments.count) values; ignored"
        }
        let expression: FilterExpression
        do {
            expression = try FilterParser.parse(arguments[0])
        } catch {
            return "rule: the expression, \(error.description); ignored"
        }
        switch Self.ruleActions(arguments.dropFirst()) {
        case .success(let actions):
            rules.append(ArticleRule(expression: expression, source: arguments[0], actions: actions, line: line))
            return nil
        case .failure(let problem):
            return "rule: \(problem.message); ignored"
        }
    }

    /// The action names, as the config file writes them.
    static let ruleActionNames = ["mark-read", "star", "tag NAME", "hide", "notify", "full-text", "enqueue", "run PROGRAM [ARG…]"]

    /// The actions of a rule line: `tag` takes the next word, `run` every word after it.
    static func ruleActions(_ words: ArraySlice<String>) -> Result<[ArticleRule.Action], OptionProblem> {
        var actions: [ArticleRule.Action] = []
        var remaining = words
        while let word = remaining.popFirst() {
            switch word {
            case "mark-read": actions.append(.markRead)
            case "star": actions.append(.star)
            case "hide": actions.append(.hide)
            case "notify": actions.append(.notify)
            case "full-text": actions.append(.fullText)
            case "enqueue": actions.append(.enqueue)
            case "tag":
                guard let name = remaining.popFirst(), !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                    return .failure(OptionProblem("tag needs a tag name (tag alpha-news)"))
                }
                actions.append(.tag(name))
            case "run":
                guard let program = remaining.first, !program.isEmpty else {
                    return .failure(OptionProblem("run needs a program, then its arguments (run \"notify-send\" %t)"))
                }
                actions.append(.run(Array(remaining)))
                remaining = []
            default:
                let known = ruleActionNames.joined(separator: ", ")
                return .failure(OptionProblem("\"\(Excerpt(word))\" is not an action (the actions: \(known))"))
            }
        }
        return .success(actions)
    }
}
