/// A rule on arrival: `rule EXPRESSION ACTION [ACTION…]` in the config file. When an article
/// first arrives (a reload or a sync stores it), every rule whose expression matches it acts on
/// it, in the order the rules are written; a rule never runs twice for one article.
///
///     rule "title =~ \"Sponsored\"" mark-read
///     rule "feedtitle = \"Alpha\"" tag alpha-news star
///     rule "enclosure_type =~ \"audio\"" enqueue run "notify-send" "New episode" %t
///
/// The store carries out what changes the article itself (`mark-read`, `star`, `tag`, `hide`)
/// in the transaction that stores it; the other actions (`notify`, `full-text`, `enqueue`,
/// `run`) are effects on the world, left pending for whoever reloaded to carry out.
public struct ArticleRule: Sendable, Hashable {
    public var expression: FilterExpression
    /// The expression as written, to show.
    public var source: String
    public var actions: [Action]
    /// The config line it was read from (0 when made in code).
    public var line: Int

    public init(expression: FilterExpression, source: String, actions: [Action], line: Int = 0) {
        self.expression = expression
        self.source = source
        self.actions = actions
        self.line = line
    }

    /// What a rule does to an article it matches.
    public enum Action: Sendable, Hashable, CustomStringConvertible {
        case markRead
        case star
        /// A tag on the article itself, which `tags # "NAME"` matches as it matches its feed's.
        case tag(String)
        /// Hidden as the killfile hides: in no list, count or search.
        case hide
        /// A notification, through `notify-program` (or the reader's own).
        case notify
        /// The article's page fetched and its main text extracted and stored.
        case fullText
        /// Its first enclosure appended to podboat's queue.
        case enqueue
        /// A program run without a shell, with these arguments; `%u %t %f %a` in them become the
        /// article's link, title, feed title and author (see `arguments(link:title:feedTitle:author:)`).
        case run([String])

        /// Whether the store carries it out as it stores the article (else it is left pending).
        public var changesArticle: Bool {
            switch self {
            case .markRead, .star, .tag, .hide: true
            case .notify, .fullText, .enqueue, .run: false
            }
        }

        /// The action as the config file writes it.
        public var description: String {
            switch self {
            case .markRead: "mark-read"
            case .star: "star"
            case .tag(let name): "tag \(name)"
            case .hide: "hide"
            case .notify: "notify"
            case .fullText: "full-text"
            case .enqueue: "enqueue"
            case .run(let words): (["run"] + words.map { $0.contains(" ") || $0.isEmpty ? "\"\($0)\"" : $0 }).joined(separator: " ")
            }
        }

        /// The name an action is stored under while pending (`notify`, `full-text`, `enqueue`,
        /// `run`); nil for those the store carries out.
        public var pendingName: String? {
            switch self {
            case .notify: "notify"
            case .fullText: "full-text"
            case .enqueue: "enqueue"
            case .run: "run"
            case .markRead, .star, .tag, .hide: nil
            }
        }
    }

    /// The arguments of a `run` action for one article: each `%u %t %f %a` replaced by its link,
    /// title, feed title and author (missing ones by nothing), `%%` by `%`. Each word stays one
    /// argument whatever the article's text holds: no shell ever reads it.
    public static func arguments(_ words: [String], link: String?, title: String?, feedTitle: String, author: String?) -> [String] {
        words.map { word in
            guard word.contains("%") else { return word }
            var result = ""
            var iterator = word.makeIterator()
            while let character = iterator.next() {
                guard character == "%" else {
                    result.append(character)
                    continue
                }
                switch iterator.next() {
                case "u": result += link ?? ""
                case "t": result += title ?? ""
                case "f": result += feedTitle
                case "a": result += author ?? ""
                case "%": result.append("%")
                case let other?: result.append("%"); result.append(other)
                case nil: result.append("%")
                }
            }
            return result
        }
    }
}
