/// An article's flags as newsboat has them: a set of letters (`A`–`Z`, `a`–`z`), written sorted
/// and each once (`"abs"`), which filters test (`flags # "a"`) and lists show (`%F`).
///
/// The store keeps the star apart (`item.isStarred`: it has its own list, counts and sync); the
/// letter that stands for it is the `star` flag, `s` unless a sync source's `*-flag-star` names
/// another. The other letters are the item's `flags` column — Tiny Tiny RSS's published state
/// too (`ttrss-flag-publish`), which a sync writes there as its letter.
public struct ArticleFlags: Sendable, Hashable, CustomStringConvertible {
    /// The letters, sorted, each once.
    public private(set) var letters: String

    /// The flags in `text`, sorted and each once; nil when `text` holds anything but letters A–Z
    /// and a–z (spaces are ignored).
    public init?(validating text: String) {
        var set = Set<Character>()
        for character in text where character != " " {
            guard Self.isFlag(character) else { return nil }
            set.insert(character)
        }
        letters = String(set.sorted())
    }

    /// The flags held in `text`, others dropped (a stored column, which this type wrote).
    public init(_ text: String) {
        letters = String(Set(text.filter(Self.isFlag)).sorted())
    }

    /// No flag.
    public static let none = ArticleFlags("")

    /// newsboat's default star letter, Tidings' star before any `*-flag-star`.
    public static let defaultStar: Character = "s"

    public var description: String { letters }
    public var isEmpty: Bool { letters.isEmpty }

    public func contains(_ letter: Character) -> Bool { letters.contains(letter) }

    /// The same flags with `letter` set (`on`) or cleared.
    public func setting(_ letter: Character, _ on: Bool) -> ArticleFlags {
        ArticleFlags(on ? letters + String(letter) : letters.filter { $0 != letter })
    }

    /// Whether `character` is a flag letter: ASCII letters only, as newsboat keeps.
    public static func isFlag(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return false }
        return (65...90).contains(ascii) || (97...122).contains(ascii)
    }

    /// An article's whole set: its stored letters with the star's letter when it is starred.
    public static func of(stored: String, isStarred: Bool, star: Character) -> ArticleFlags {
        ArticleFlags(stored).setting(star, isStarred)
    }
}
