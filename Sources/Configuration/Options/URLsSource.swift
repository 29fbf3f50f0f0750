/// What `urls-source` names: the urls file (`local`), OPML documents (`opml`), or a feed service.
public enum URLsSource: Sendable, Equatable, ConfigValue {
    case local
    case opml
    case service(SyncService)

    public static func read(_ words: [String], for option: OptionFacts) throws(ConfigValueProblem) -> URLsSource {
        let word = try oneWord(words)
        guard let source = names.first(where: { $0.key == word })?.value else { throw .notOneOf(word) }
        return source
    }

    public var configText: String {
        switch self {
        case .local: "local"
        case .opml: "opml"
        case .service(let service): service.rawValue
        }
    }

    public static func shape(for option: OptionFacts) -> String { choices.joined(separator: " / ") }

    public static var choices: [String] { names.map(\.key) }

    /// Every value by its word, in the order messages list them.
    static let names: [(key: String, value: URLsSource)] =
        [("local", .local), ("opml", .opml)] + SyncService.allCases.map { ($0.rawValue, .service($0)) }
}
