import FeedModel
import Foundation

/// A value and the rank of the element it came from; a lower rank wins.
struct Ranked<Value> {
    var value: Value
    var rank: UInt8
}

extension Optional {
    /// Keeps `candidate` when nothing better (of a lower or equal rank) is held already.
    mutating func offer<Value>(_ candidate: Value?, rank: UInt8) where Wrapped == Ranked<Value> {
        guard let candidate else { return }
        if let current = self, current.rank <= rank { return }
        self = Ranked(value: candidate, rank: rank)
    }

    /// Keeps `candidate` unless something better (of a lower rank) is held: of two values of one
    /// rank, the later one. Feed readers take the last of several `<updated>`.
    mutating func offerReplacing<Value>(_ candidate: Value?, rank: UInt8) where Wrapped == Ranked<Value> {
        guard let candidate else { return }
        if let current = self, current.rank < rank { return }
        self = Ranked(value: candidate, rank: rank)
    }

    /// True when a value of `rank` would be kept by `offerReplacing`.
    func acceptsReplacing<Value>(rank: UInt8) -> Bool where Wrapped == Ranked<Value> {
        guard let current = self else { return true }
        return rank <= current.rank
    }

    /// The value, without its rank. In `makeItem` a plain `field?.value` copied the whole
    /// optional through its type's runtime value witness first (~180 instructions a field).
    func unrankedValue<Value>() -> Value? where Wrapped == Ranked<Value> {
        switch self {
        case .some(let ranked): ranked.value
        case .none: nil
        }
    }

    /// True when a value of `rank` would be kept.
    func accepts<Value>(rank: UInt8) -> Bool where Wrapped == Ranked<Value> {
        guard let current = self else { return true }
        return rank < current.rank
    }
}

/// The fields gathered for the feed or for one item while its elements are read.
struct FeedFields {
    var id: Ranked<String>?
    var title: Ranked<String>?
    var link: Ranked<String>?
    var subtitle: Ranked<String>?
    var summary: Ranked<String>?
    var content: Ranked<String>?
    var author: Ranked<String>?
    /// The names of the `<author>` elements that made `author`, which `addAuthorElement` joins.
    var authorElementNames: [String] = []
    var published: Ranked<Date>?
    var updated: Ranked<Date>?
    var language: Ranked<String>?
    var image: Ranked<String>?
    var categories: [String] = []
    var enclosures: [Enclosure] = []

    mutating func addCategory(_ term: String) {
        addCategory(trimmed: term.trimmingSpaces())
    }

    /// The same for a term without white space at its ends.
    mutating func addCategory(trimmed term: String) {
        guard !term.isEmpty, !categories.contains(term) else { return }
        // Room for a few at once: grown from empty, the array was reallocated for the first and
        // again for the second category of nearly every item.
        if categories.isEmpty { categories.reserveCapacity(4) }
        categories.append(term)
    }

    /// An `<author>` element's name. Several of them name several people (an Atom entry's
    /// co-authors): each joins the ones before, `A, B`, as newsboat shows them, where Universal
    /// Feed Parser keeps the last and Tidings used to keep the first. A name from another
    /// element (`dc:creator`) is offered by rank as before, never joined. A name that would take
    /// the joined text past `maxBytes` (the field cap every other field keeps) is left out.
    mutating func addAuthorElement(_ name: String?, rank: UInt8, maxBytes: Int) {
        guard let name else { return }
        if !authorElementNames.isEmpty, let current = author, current.rank == rank {
            guard !authorElementNames.contains(name), current.value.utf8.count + 2 + name.utf8.count <= maxBytes else { return }
            authorElementNames.append(name)
        } else if author.accepts(rank: rank) {
            authorElementNames = [name]
        } else {
            return
        }
        author = Ranked(value: authorElementNames.joined(separator: ", "), rank: rank)
    }

    /// Media RSS alternatives (`media:content`), listed after the feed's own enclosures.
    var mediaEnclosures: [Enclosure] = []

    mutating func addEnclosure(url: String?, type: String?, length: String?, base: URLResolver.Base?, isMediaContent: Bool = false,
                               paths: ParsePaths) {
        guard let url, !url.trimmingSpaces().isEmpty,
              let resolved = URLResolver.resolve(url.trimmingSpaces(), againstParts: base?.parts, paths: paths)
        else { return }
        let trimmedType = type?.trimmingSpaces()
        let size = length.flatMap { Int($0.trimmingSpaces()) }.flatMap { $0 >= 0 ? $0 : nil }
        let enclosure = Enclosure(url: resolved, type: trimmedType?.isEmpty == false ? trimmedType : nil, length: size)
        if isMediaContent {
            guard !mediaEnclosures.contains(where: { $0.url == resolved }) else { return }
            mediaEnclosures.append(enclosure)
        } else {
            guard !enclosures.contains(where: { $0.url == resolved }) else { return }
            enclosures.append(enclosure)
        }
    }

    /// True when the fields hold something that makes an item worth showing on its own: a title,
    /// link, id, summary, content or enclosure (an author, date or category alone do not).
    var identifiesAnArticle: Bool {
        title != nil || link != nil || id != nil || summary != nil || content != nil || !enclosures.isEmpty
            || !mediaEnclosures.isEmpty
    }

    /// Runs `body` on these fields in place: `FeedBuilder.withScope` reaches an open item's
    /// fields through it with optional chaining.
    mutating func modify(_ body: (inout FeedFields) -> Void) { body(&self) }

    /// The item these fields describe. As established feed libraries do, an item without a summary
    /// shows its content, and one without an update date its publication date. Its title and
    /// author are held to `fieldCap` bytes as text (`PlainText.cut`).
    func makeItem(fieldCap: Int) -> Item {
        Item(
            id: id.unrankedValue(), title: title.unrankedValue().map { PlainText.cut($0, toUTF8Count: fieldCap) },
            link: link.unrankedValue(),
            author: author.unrankedValue().map { PlainText.cut($0, toUTF8Count: fieldCap) }, published: published.unrankedValue(),
            updated: updated.unrankedValue() ?? published.unrankedValue(),
            summary: summary.unrankedValue() ?? content.unrankedValue(), content: content.unrankedValue(),
            categories: categories,
            enclosures: mediaEnclosures.isEmpty
                ? enclosures : enclosures + mediaEnclosures.filter { media in !enclosures.contains { $0.url == media.url } }
        )
    }
}
