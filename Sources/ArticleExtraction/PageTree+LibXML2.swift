import CLibXML2

extension PageTree {
    /// Elements nested deeper than this are flattened into their ancestor at this depth: their
    /// text stays, their structure goes, and no later walk meets hostile nesting. Real pages stay
    /// under 60.
    static let maximumDepth = 200

    /// Parses UTF-8 HTML with libxml2's HTML parser and copies the document into a tree.
    ///
    /// Returns nil when libxml2 makes no document of it (empty input).
    static func parse(utf8 html: [UInt8]) -> (tree: PageTree, metadata: PageMetadata)? {
        guard !html.isEmpty, html.count <= Int(Int32.max) else { return nil }
        silenceGenericErrors()
        // IGNORE_ENC: the bytes are UTF-8 already (the decoder converted them); a `<meta charset>`
        // in the page must not make libxml2 convert them a second time. Not HUGE: libxml2 then
        // keeps its own limits on depth and text size.
        let options = Int32(
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                | HTML_PARSE_NONET.rawValue | HTML_PARSE_COMPACT.rawValue | HTML_PARSE_IGNORE_ENC.rawValue)
        let document = html.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                htmlReadMemory($0.baseAddress, Int32($0.count), nil, "UTF-8", options)
            }
        }
        guard let document else { return nil }
        defer { xmlFreeDoc(document) }
        var builder = PageTreeBuilder()
        builder.copy(document)
        return (builder.tree, builder.metadata)
    }

    /// libxml2's generic error function prints to stderr; some encoding and I/O errors go there
    /// whatever the parser options say. It is kept per thread, so it is set on every call. The C
    /// function is variadic; ours ignores the variadic part, which Linux's C calling conventions
    /// allow (the feed reader does the same).
    private static func silenceGenericErrors() {
        let ignore: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Void = { _, _ in }
        xmlSetGenericErrorFunc(nil, unsafeBitCast(ignore, to: OpaquePointer.self))
    }
}

/// Copies a libxml2 document into a `PageTree`, with an explicit stack.
private struct PageTreeBuilder {
    var tree = PageTree()
    var metadata = PageMetadata()

    private struct Frame {
        var node: xmlNodePtr
        var parent: PageTree.Index
        var depth: Int
    }

    mutating func copy(_ document: xmlDocPtr) {
        var stack: [Frame] = []
        if let first = document.pointee.children { stack.append(Frame(node: first, parent: tree.root, depth: 0)) }
        while let frame = stack.popLast() {
            let node = frame.node
            if let next = node.pointee.next { stack.append(Frame(node: next, parent: frame.parent, depth: frame.depth)) }
            switch node.pointee.type {
            case XML_ELEMENT_NODE:
                guard let namePointer = node.pointee.name else { continue }
                let name = String(cString: namePointer)
                switch ElementTag.buildRule(for: name) {
                case .dropped:
                    if name == "head" { readHead(node) }
                    continue
                case .metadata:
                    readMetadata(name, node)
                    continue
                case .kept:
                    break
                }
                guard var element = makeElement(name, node) else { continue }
                var parent = frame.parent
                var depth = frame.depth
                if depth < PageTree.maximumDepth {
                    element.parent = PageTree.none
                    let index = tree.append(element, to: frame.parent)
                    if element.tag == .body, tree.body == tree.root { tree.body = index }
                    parent = index
                    depth += 1
                }
                if let child = node.pointee.children { stack.append(Frame(node: child, parent: parent, depth: depth)) }
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                guard let content = node.pointee.content else { continue }
                appendText(String(cString: content), to: frame.parent)
            default:
                continue
            }
        }
    }

    /// Text goes in as written; white space alone becomes one space, and none at all where it
    /// is only layout (between table rows or list items), except in `pre`, where it is text.
    private mutating func appendText(_ text: String, to parent: PageTree.Index) {
        if text.utf8.allSatisfy({ $0 <= 0x20 }), !isPreformatted(parent) {
            let tag = tree[parent].tag
            if tag.isTableStructure || tag == .ul || tag == .ol || tag == .dl || tag == .html || parent == tree.root {
                return
            }
            if tree[parent].lastChild != PageTree.none, tree[tree[parent].lastChild].tag == .text { return }
            tree.append(PageNode(text: " "), to: parent)
            return
        }
        tree.append(PageNode(text: text), to: parent)
    }

    /// True when `index` is a `pre` or inside one (code blocks nest spans a few levels deep).
    private func isPreformatted(_ index: PageTree.Index) -> Bool {
        var current = index
        var level = 0
        while current != PageTree.none, level < 16 {
            if tree[current].tag == .pre { return true }
            current = tree[current].parent
            level += 1
        }
        return false
    }

    /// The element as a node, or nil when the page hides it (`hidden`, `aria-hidden`,
    /// `display: none`), as Readability leaves out what a reader would not see.
    private func makeElement(_ name: String, _ node: xmlNodePtr) -> PageNode? {
        var element = PageNode(tag: ElementTag(name: name))
        var classHints: HintSet = []
        var idHints: HintSet = []
        var ariaHidden = false
        var attribute = node.pointee.properties
        while let current = attribute {
            attribute = current.pointee.next
            guard let namePointer = current.pointee.name else { continue }
            let attributeName = String(cString: namePointer).lowercased()
            let value = current.pointee.children?.pointee.content.map { String(cString: $0) } ?? ""
            switch attributeName {
            case "class":
                classHints = HintSet.scan(value)
                if !value.isEmpty { element.attributes.append(PageAttribute(name: .className, value: value)) }
            case "id":
                idHints = HintSet.scan(value)
            case "role":
                element.hints.formUnion(HintSet.scan(role: value))
            case "itemprop":
                element.hints.formUnion(HintSet.scan(itemprop: value))
            case "hidden":
                return nil
            case "aria-hidden":
                ariaHidden = value.lowercased() == "true"
            case "style":
                if Self.hidesElement(style: value) { return nil }
            case "type":
                if element.tag == .input, value.lowercased() == "hidden" { return nil }
            default:
                if let kept = PageAttribute.Name(attributeName) {
                    // A data: image is a placeholder for a lazy one, or a large inline blob.
                    let stored = value.hasPrefix("data:") ? "data:" : value
                    element.attributes.append(PageAttribute(name: kept, value: stored))
                }
            }
        }
        if ariaHidden, !(element.attribute(.className) ?? "").contains("fallback-image") { return nil }
        element.hints.formUnion(classHints)
        element.hints.formUnion(idHints)
        if classHints.union(idHints).contains(.screenReaderOnly) { return nil }
        var weight = 0
        if classHints.contains(.positive) { weight += 25 }
        if classHints.contains(.negative) { weight -= 25 }
        if idHints.contains(.positive) { weight += 25 }
        if idHints.contains(.negative) { weight -= 25 }
        element.classWeight = Int8(weight)
        return element
    }

    private static func hidesElement(style: String) -> Bool {
        let compact = style.lowercased().filter { !$0.isWhitespace }
        return compact.contains("display:none") || compact.contains("visibility:hidden")
    }

    /// `title`, `meta` and `base` in the head.
    private mutating func readHead(_ head: xmlNodePtr) {
        var child = head.pointee.children
        while let node = child {
            child = node.pointee.next
            guard node.pointee.type == XML_ELEMENT_NODE, let namePointer = node.pointee.name else { continue }
            let name = String(cString: namePointer)
            if ElementTag.buildRule(for: name) == .metadata { readMetadata(name, node) }
        }
    }

    private mutating func readMetadata(_ name: String, _ node: xmlNodePtr) {
        switch name {
        case "title":
            guard metadata.documentTitle == nil else { return }
            var text = ""
            var child = node.pointee.children
            while let current = child {
                if let content = current.pointee.content { text += String(cString: content) }
                child = current.pointee.next
            }
            let collapsed = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            if !collapsed.isEmpty { metadata.documentTitle = collapsed }
        case "meta":
            metadata.readMeta(
                property: Self.attribute("property", of: node), name: Self.attribute("name", of: node),
                content: Self.attribute("content", of: node))
        case "base":
            if metadata.baseHref == nil, let href = Self.attribute("href", of: node), !href.isEmpty {
                metadata.baseHref = href
            }
        default:
            return
        }
    }

    private static func attribute(_ name: String, of node: xmlNodePtr) -> String? {
        var attribute = node.pointee.properties
        while let current = attribute {
            attribute = current.pointee.next
            guard let namePointer = current.pointee.name, String(cString: namePointer).lowercased() == name else {
                continue
            }
            return current.pointee.children?.pointee.content.map { String(cString: $0) } ?? ""
        }
        return nil
    }
}
