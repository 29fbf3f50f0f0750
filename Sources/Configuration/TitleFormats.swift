/// The title bars' formats the config sets (`feedlist-title-format`, `articlelist-title-format`,
/// `searchresult-title-format`, `itemview-title-format`, `help-title-format`,
/// `urlview-title-format`, `selecttag-title-format`) and the tag list's rows
/// (`selecttag-format`), with newsboat's specifiers. A screen without one keeps Tidings' own
/// title: its name on the left, its counts on the right.
public struct TitleFormats: Sendable, Equatable {
    private var formats: [ListFormat.Kind: ListFormat] = [:]

    public init() {}

    /// The format set for `kind`, nil for Tidings' own.
    public subscript(kind: ListFormat.Kind) -> ListFormat? {
        get { formats[kind] }
        set { formats[kind] = newValue }
    }

    /// A title bar laid out by a format: the text left of its `%>C`, the fill character, and
    /// the text right of it, which ends at the bar's right edge.
    public struct Title: Sendable, Equatable {
        public var left: String
        public var fill: Character?
        public var right: String

        public init(left: String, fill: Character? = nil, right: String = "") {
            self.left = left
            self.fill = fill
            self.right = right
        }
    }

    /// The title for `kind` with its fields as `value` gives them (`%N` is Tidings and `%V` its
    /// `version`, on every screen); nil when no format is set.
    public func title(_ kind: ListFormat.Kind, version: String, value: (Character) -> String) -> Title? {
        formats[kind].map { format in
            let parts = format.textParts { letter in
                switch letter {
                case "N": return "Tidings"
                case "V": return version
                default: return value(letter)
                }
            }
            return Title(left: parts.left, fill: parts.fill, right: parts.right)
        }
    }
}

extension Config {
    /// The title formats in force: those set to a non-empty text the format engine reads (a
    /// format it cannot read was refused with a warning, the default kept).
    public var titleFormats: TitleFormats {
        var formats = TitleFormats()
        for (kind, option) in Self.titleOptions {
            let text = self[option]
            guard !text.isEmpty else { continue }
            formats[kind] = ListFormat(text, kind: kind)
        }
        return formats
    }

    /// The option of each title bar's format, and of the tag list's rows.
    private static let titleOptions: [(ListFormat.Kind, KeyPath<OptionTable, ConfigOption<String>> & Sendable)] = [
        (.feedListTitle, \.feedlistTitleFormat), (.articleListTitle, \.articlelistTitleFormat),
        (.searchResultTitle, \.searchresultTitleFormat), (.itemViewTitle, \.itemviewTitleFormat), (.helpTitle, \.helpTitleFormat),
        (.urlViewTitle, \.urlviewTitleFormat), (.selectTagTitle, \.selecttagTitleFormat), (.dialogsTitle, \.dialogsTitleFormat),
        (.tagList, \.selecttagFormat),
    ]
}
