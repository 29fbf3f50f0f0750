/// A page as a tree of nodes in one array, linked by index.
///
/// The extractor copies the libxml2 document into this form once: a value type that each
/// extraction attempt can copy and mutate freely (Readability retries with fewer heuristics when
/// the first result is short), whose walks use explicit stacks (hostile nesting cannot overflow
/// the call stack), and whose nodes carry what the scorer needs precomputed (tag, hints, text
/// measure). Removing a node unlinks it from its parent; its slot stays in the array.
struct PageTree {
    /// Index of a node; `none` links nowhere.
    typealias Index = Int32
    static let none: Index = -1

    private(set) var nodes: [PageNode]
    /// The synthetic root that holds the document element.
    let root: Index = 0
    /// The `body` element, or the root when the page has none.
    var body: Index

    init() {
        nodes = [PageNode(tag: .other)]
        body = 0
    }

    var count: Int { nodes.count }

    subscript(index: Index) -> PageNode {
        get { nodes[Int(index)] }
        set { nodes[Int(index)] = newValue }
    }

    /// Adds `node` as the last child of `parent` and returns its index.
    @discardableResult
    mutating func append(_ node: PageNode, to parent: Index) -> Index {
        let index = Index(nodes.count)
        nodes.append(node)
        appendChild(index, to: parent)
        return index
    }

    /// Adds a new element that belongs nowhere yet.
    mutating func makeElement(_ tag: ElementTag) -> Index {
        nodes.append(PageNode(tag: tag))
        return Index(nodes.count - 1)
    }

    /// Links the detached node `child` as the last child of `parent`.
    mutating func appendChild(_ child: Index, to parent: Index) {
        let last = self[parent].lastChild
        nodes[Int(child)].parent = parent
        nodes[Int(child)].previousSibling = last
        nodes[Int(child)].nextSibling = Self.none
        if last == Self.none {
            nodes[Int(parent)].firstChild = child
        } else {
            nodes[Int(last)].nextSibling = child
        }
        nodes[Int(parent)].lastChild = child
    }

    /// Links the detached node `child` just before `sibling`.
    mutating func insert(_ child: Index, before sibling: Index) {
        let parent = self[sibling].parent
        let previous = self[sibling].previousSibling
        nodes[Int(child)].parent = parent
        nodes[Int(child)].previousSibling = previous
        nodes[Int(child)].nextSibling = sibling
        nodes[Int(sibling)].previousSibling = child
        if previous == Self.none {
            nodes[Int(parent)].firstChild = child
        } else {
            nodes[Int(previous)].nextSibling = child
        }
    }

    /// Unlinks `index` (with its subtree) from its parent.
    mutating func detach(_ index: Index) {
        let node = self[index]
        guard node.parent != Self.none else { return }
        if node.previousSibling == Self.none {
            nodes[Int(node.parent)].firstChild = node.nextSibling
        } else {
            nodes[Int(node.previousSibling)].nextSibling = node.nextSibling
        }
        if node.nextSibling == Self.none {
            nodes[Int(node.parent)].lastChild = node.previousSibling
        } else {
            nodes[Int(node.nextSibling)].previousSibling = node.previousSibling
        }
        nodes[Int(index)].parent = Self.none
        nodes[Int(index)].previousSibling = Self.none
        nodes[Int(index)].nextSibling = Self.none
    }

    /// The children of `index`, in order.
    func children(of index: Index) -> [Index] {
        var result: [Index] = []
        var child = self[index].firstChild
        while child != Self.none {
            result.append(child)
            child = self[child].nextSibling
        }
        return result
    }

    /// The element children of `index`, in order.
    func elementChildren(of index: Index) -> [Index] {
        children(of: index).filter { self[$0].tag != .text }
    }

    /// `start` and everything under it, parents before children, in document order.
    func preorder(from start: Index) -> [Index] {
        var order: [Index] = []
        var stack: [Index] = [start]
        while let index = stack.popLast() {
            order.append(index)
            var child = self[index].lastChild
            while child != Self.none {
                stack.append(child)
                child = self[child].previousSibling
            }
        }
        return order
    }

    /// The nearest ancestor of `index` (not itself) that satisfies `test`, looking at most
    /// `limit` levels up.
    func ancestor(of index: Index, limit: Int = .max, where test: (PageNode) -> Bool) -> Index? {
        var current = self[index].parent
        var level = 0
        while current != Self.none, level < limit {
            if test(self[current]) { return current }
            current = self[current].parent
            level += 1
        }
        return nil
    }

    /// True when `ancestor` is `index` or one of its ancestors.
    func contains(_ ancestor: Index, _ index: Index) -> Bool {
        var current = index
        while current != Self.none {
            if current == ancestor { return true }
            current = self[current].parent
        }
        return false
    }

    /// The text under `index`, white space collapsed, for the few checks that read words.
    func text(of index: Index, limit: Int = 4096) -> String {
        var result = ""
        for node in preorder(from: index) where self[node].tag == .text {
            result += self[node].text
            if result.utf8.count >= limit { break }
        }
        return result.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}

/// One node of a `PageTree`: an element or a text node.
struct PageNode {
    var tag: ElementTag
    var parent: PageTree.Index = PageTree.none
    var firstChild: PageTree.Index = PageTree.none
    var lastChild: PageTree.Index = PageTree.none
    var nextSibling: PageTree.Index = PageTree.none
    var previousSibling: PageTree.Index = PageTree.none
    /// What `class`, `id`, `role` and `itemprop` say (elements).
    var hints: HintSet = []
    /// Readability's class weight: ±25 for `class`, ±25 for `id`.
    var classWeight: Int8 = 0
    /// The text (text nodes).
    var text: String = ""
    /// The text's measure (text nodes).
    var measure = TextMeasure()
    /// The attributes the writer and the scorer read (elements).
    var attributes: [PageAttribute] = []

    init(tag: ElementTag) {
        self.tag = tag
    }

    init(text: String) {
        tag = .text
        self.text = text
        measure = TextMeasure(text)
    }

    func attribute(_ name: PageAttribute.Name) -> String? {
        for attribute in attributes where attribute.name == name { return attribute.value }
        return nil
    }
}

/// An attribute kept from the page.
struct PageAttribute {
    /// The attributes worth keeping; every other is dropped when the tree is built.
    enum Name: UInt8 {
        case href, src, srcset, alt, title, className, colspan, rowspan, start, datetime, cite
        case dataSrc, dataSrcset, dataLazySrc, dataOriginal, width, height

        init?(_ name: String) {
            switch name {
            case "href": self = .href
            case "src": self = .src
            case "srcset": self = .srcset
            case "alt": self = .alt
            case "title": self = .title
            case "class": self = .className
            case "colspan": self = .colspan
            case "rowspan": self = .rowspan
            case "start": self = .start
            case "datetime": self = .datetime
            case "cite": self = .cite
            case "data-src": self = .dataSrc
            case "data-srcset": self = .dataSrcset
            case "data-lazy-src": self = .dataLazySrc
            case "data-original": self = .dataOriginal
            case "width": self = .width
            case "height": self = .height
            default: return nil
            }
        }

        /// The name as written in HTML.
        var html: String {
            switch self {
            case .href: return "href"
            case .src: return "src"
            case .srcset: return "srcset"
            case .alt: return "alt"
            case .title: return "title"
            case .className: return "class"
            case .colspan: return "colspan"
            case .rowspan: return "rowspan"
            case .start: return "start"
            case .datetime: return "datetime"
            case .cite: return "cite"
            case .dataSrc: return "data-src"
            case .dataSrcset: return "data-srcset"
            case .dataLazySrc: return "data-lazy-src"
            case .dataOriginal: return "data-original"
            case .width: return "width"
            case .height: return "height"
            }
        }
    }

    var name: Name
    var value: String
}
