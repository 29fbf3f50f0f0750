import FilterLanguage

/// The lines built on newsboat's filter language — `ignore-article`, `ignore-mode` and
/// `define-filter` — each expression parsed once here, a bad one reported with its column.
extension Config {
    /// `ignore-article FEED-URL-OR-* "EXPRESSION"`.
    mutating func ignoreArticle(_ arguments: [String]) -> String? {
        guard arguments.count == 2 else {
            return "ignore-article takes a feed URL (or *) and an expression in quotes, got \(arguments.count) values; ignored"
        }
        let expression: FilterExpression
        do {
            expression = try FilterParser.parse(arguments[1])
        } catch {
            return "ignore-article: the expression, \(error.description); ignored"
        }
        killfileRules.append(Killfile.Rule(feedURL: arguments[0] == "*" ? nil : arguments[0], expression: expression))
        return nil
    }

    /// `define-filter NAME "EXPRESSION"`.
    mutating func defineFilter(_ arguments: [String]) -> String? {
        guard arguments.count == 2, !arguments[0].isEmpty else {
            return "define-filter takes a name and an expression in quotes, got \(arguments.count) values; ignored"
        }
        do {
            definedFilters.append(DefinedFilter(name: arguments[0], expression: try FilterParser.parse(arguments[1]), source: arguments[1]))
        } catch {
            return "define-filter \(Excerpt(arguments[0])): the expression, \(error.description); ignored"
        }
        return nil
    }

    /// A `browser` command written for a shell, read as Tidings runs it: without a shell.
    ///
    /// A line that only detaches a graphical browser (`nohup firefox %u &>/dev/null &`: detaching
    /// wrappers, output sent to /dev/null, a final `&`) means what Tidings does anyway, so it is
    /// read as the browser alone, without a warning. Other shell syntax would reach the browser as
    /// arguments: it is kept as written, with a warning that suggests the command without it when
    /// that is the same browser, and none for a pipeline or a list of commands.
    static func browserForShellLine(_ command: String) -> (command: String, warning: String?) {
        guard let parsed = try? BrowserCommand(parsing: command).words else { return (command, nil) }
        let words = Self.outOfSubshell(parsed)
        func isShellSyntax(_ word: String) -> Bool {
            ["&", "&&", "|", "||", ";", ">", ">>", "<"].contains(word) || word.hasPrefix(">") || word.hasPrefix("2>")
                || word.hasPrefix("1>") || word.hasPrefix("&>") || (word.count > 1 && (word.hasSuffix(";") || word.hasSuffix("&")))
                || word.hasPrefix("|")
        }
        let shellWords = words.filter(isShellSyntax)
        guard !shellWords.isEmpty else { return (command, nil) }
        var program = Array(words.prefix { !isShellSyntax($0) })
        // Wrappers that only detach the browser: Tidings detaches a graphical browser itself.
        while let first = program.first, ["nohup", "setsid", "exec", "command"].contains(first) {
            program.removeFirst()
            // The wrapper's own options (`setsid -f`).
            while program.first?.hasPrefix("-") == true { program.removeFirst() }
        }
        let plainLine = program.map(NewsboatTokenizer.quoteIfNeeded).joined(separator: " ")
        let afterProgram = Array(words.drop { !isShellSyntax($0) })
        // A browser in the terminal cannot be detached or silenced: there the line is a mistake.
        if !program.isEmpty, Self.onlyDetaches(afterProgram),
            let plain = try? BrowserCommand(parsing: plainLine), !BrowserCommand.textModeBrowsers.contains(plain.programName)
        {
            return (plainLine, nil)
        }
        let quoted = shellWords.map { "\"\(Excerpt($0))\"" }.joined(separator: ", ")
        let problem = """
            browser: \(quoted) is shell syntax, but Tidings runs the browser without a shell, so it would be passed \
            to the browser as \(shellWords.count == 1 ? "an argument" : "arguments")
            """
        // After a pipe or between commands, the words before are not the whole browser.
        let joinsCommands = shellWords.contains { $0.contains("|") || $0.contains(";") || $0 == "&&" }
        guard !joinsCommands, !program.isEmpty else {
            return (command, problem + "; put the pipeline in a script and name the script")
        }
        let line = "browser " + NewsboatTokenizer.quote(plainLine)
        return (command, problem + "; write the command alone (\(line)): a graphical browser already runs detached with its output kept off the screen")
    }

    /// The words of a command run in a subshell, `(firefox %u >/dev/null 2>&1) &`, without its
    /// parentheses: what it runs is what Tidings would run, the `&` after it detaching it. Other
    /// words are returned as they are.
    private static func outOfSubshell(_ words: [String]) -> [String] {
        guard let first = words.first, first.hasPrefix("("),
              let closing = words.lastIndex(where: { $0.hasSuffix(")") }),
              words.joined().filter({ $0 == "(" || $0 == ")" }).count == 2
        else { return words }
        var inside = words
        inside[closing].removeLast()
        inside[0].removeFirst()
        return inside.filter { !$0.isEmpty }
    }

    /// Whether the shell words after a browser's own words only send its output to /dev/null and
    /// put it in the background (`>/dev/null 2>&1 &`, `&>/dev/null &`, `&`).
    private static func onlyDetaches(_ words: [String]) -> Bool {
        var remaining = words[...]
        while let word = remaining.first {
            remaining = remaining.dropFirst()
            switch word {
            case "&", "2>&1", ">&2", "1>&2": continue
            case ">", "1>", "2>", "&>", ">>", "2>>", "&>>":
                guard remaining.first == "/dev/null" else { return false }
                remaining = remaining.dropFirst()
            default:
                let target = word.drop { ">12&".contains($0) }
                guard word.contains(">"), target == "/dev/null" else { return false }
            }
        }
        return true
    }
}

/// A `define-filter` line: a name to pick the filter by, and its expression.
public struct DefinedFilter: Sendable, Equatable {
    public var name: String
    public var expression: FilterExpression
    /// The expression as written, to show.
    public var source: String
}

extension Config {
    /// `highlight article|articlelist|feedlist|all "REGEX" FG BG [ATTR…]`: as in newsboat,
    /// `article` is the article view and `articlelist` the item lists.
    mutating func highlight(_ arguments: [String]) -> String? {
        guard arguments.count >= 3 else {
            return "highlight takes article, articlelist, feedlist or all, a regular expression and colours (highlight articlelist \"rust\" yellow default bold); ignored"
        }
        let targets: Set<Highlights.Target>
        switch arguments[0] {
        case "article": targets = [.article]
        case "articlelist": targets = [.articleList]
        case "feedlist": targets = [.feedList]
        case "all": targets = [.article, .articleList, .feedList]
        default: return "highlight colours article, articlelist, feedlist or all, not \"\(Excerpt(arguments[0]))\"; ignored"
        }
        let regex: FilterRegex
        do {
            regex = try FilterRegex(arguments[1], findsPositions: true)
        } catch {
            return "highlight: not a regular expression: \(error.reason); ignored"
        }
        do {
            let style = try ThemeParser.style(from: Array(arguments.dropFirst(2)))
            highlights.textRules.append(Highlights.TextRule(targets: targets, pattern: arguments[1], regex: regex, style: style))
            return nil
        } catch {
            return "highlight: \(error.description); ignored"
        }
    }

    /// `highlight-article "EXPRESSION" FG BG [ATTR…]` (whole item-list rows) and
    /// `highlight-feed "EXPRESSION" FG BG [ATTR…]` (whole feed-list rows).
    mutating func highlightRow(_ arguments: [String], command: String) -> String? {
        guard arguments.count >= 2 else {
            return "\(command) takes an expression in quotes and colours (\(command) \"unread_count > 0\" yellow default); ignored"
        }
        let expression: FilterExpression
        do {
            expression = try FilterParser.parse(arguments[0])
        } catch {
            return "\(command): the expression, \(error.description); ignored"
        }
        let isFeed = command == "highlight-feed"
        let known = isFeed ? Highlights.feedRowAttributes : Highlights.articleRowAttributes
        let unusable = expression.attributes.subtracting(known)
        guard unusable.isEmpty else {
            let names = unusable.map(\.rawValue).sorted().joined(separator: ", ")
            let usable = known.map(\.rawValue).sorted().joined(separator: ", ")
            return "\(command) cannot test \(names) (list rows know \(usable)); ignored"
        }
        do {
            let rule = Highlights.ArticleRule(expression: expression, style: try ThemeParser.style(from: Array(arguments.dropFirst())))
            if isFeed { highlights.feedRules.append(rule) } else { highlights.articleRules.append(rule) }
            return nil
        } catch {
            return "\(command): \(error.description); ignored"
        }
    }
}
