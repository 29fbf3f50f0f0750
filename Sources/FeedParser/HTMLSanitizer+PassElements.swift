import Foundation

/// The element rules of a sanitising pass: what each start and end tag becomes (kept as written,
/// rewritten, dropped with its content, unwrapped), which elements are open, and the end tags
/// written for them.
extension HTMLSanitizer.SanitizingPass {
    /// The rule for an element, by its key: the HTML table's, or inside SVG or MathML their own.
    @inline(__always)
    func elementRule(_ key: HTMLSanitizer.NameKey?) -> HTMLSanitizer.ElementRule {
        guard let key else { return .unwrapped }
        let rule = HTMLSanitizer.ElementRule(rawValue: elementTable.value(for: key)) ?? .unwrapped
        guard let foreignContent else { return rule }
        return Self.foreignElementRule(key, htmlRule: rule, in: foreignContent)
    }

    /// Inside SVG or MathML, its own allow-list decides; an HTML element is unwrapped, or
    /// dropped (with its content) as it would be anywhere.
    static func foreignElementRule(
        _ key: HTMLSanitizer.NameKey, htmlRule: HTMLSanitizer.ElementRule, in foreignContent: HTMLSanitizer.ForeignContent
    ) -> HTMLSanitizer.ElementRule {
        let table = foreignContent == .svg ? HTMLSanitizer.svgElementTable : HTMLSanitizer.mathMLElementTable
        if let rule = HTMLSanitizer.ElementRule(rawValue: table.value(for: key)), rule != .unwrapped { return rule }
        switch htmlRule {
        case .droppedRawText, .droppedNesting, .droppedVoid: return htmlRule
        default: return .unwrapped
        }
    }

    mutating func startTag(at index: Int) -> Int {
        guard let tag = HTMLSanitizer.Tokenizer.readTag(in: input, nameStart: index + 1, into: &attributes, paths: paths) else {
            drop(index..<input.count)
            return input.count
        }
        let key = tag.name.key
        let rule = elementRule(key)

        if rule == .droppedRawText {
            let name = String(decoding: UnsafeBufferPointer(rebasing: input[tag.name.range]), as: UTF8.self).lowercased()
            let end = PlainText.endOfRawText(input, from: tag.end, name: name)
            drop(index..<end)
            return end
        }
        if let droppedName {
            if key == droppedName, !tag.isSelfClosing { droppedDepth += 1 }
            drop(index..<tag.end)
            return tag.end
        }
        switch rule {
        case .droppedNesting:
            if !tag.isSelfClosing {
                droppedName = key
                droppedDepth = 1
            }
            drop(index..<tag.end)
        case .droppedVoid, .unwrapped, .droppedRawText:
            drop(index..<tag.end)
        case .allowedVoid where !isInItsParent(key!):
            drop(index..<tag.end)  // a `source` or `track` outside the element it belongs to
        case .embeddedMedia:
            writeEmbeddedMedia(key!, tag: tag, range: index..<tag.end)
        case .formControl:
            return writeFormControlText(key!, tag: tag, at: index)
        case .allowed, .allowedVoid, .allowedClosingItself:
            emitStartTag(key!, rule: rule, tag: tag, range: index..<tag.end)
        case .enteringSVG, .enteringMathML:
            // Its own attributes are read by its vocabulary's list already.
            foreignContent = rule == .enteringSVG ? .svg : .mathML
            if emitStartTag(key!, rule: .allowed, tag: tag, range: index..<tag.end) {
                foreignBaseDepth = openElements.count - 1
            } else {
                foreignContent = nil
            }
        }
        return tag.end
    }

    /// Keeps a start tag as written when it is already canonical — a short lower-case name
    /// right before `>`, or before canonical attributes (`canonicalAttributesEnd`), of an
    /// element kept with nothing to end or drop, in HTML outside any dropped element — and
    /// returns its end; else nil, for `startTag` to read the tag in full. Most start tags of
    /// clean HTML are such (`<p>`, `<em>`, `<a href="https://…">`): this spares them
    /// gathering their attributes and then checking each for a canonical form.
    @inline(__always)
    mutating func plainStartTag(at index: Int) -> Int? {
        guard droppedName == nil, foreignContent == nil, index + 9 <= input.count,
              let name = HTMLSanitizer.Tokenizer.scanShortName(in: input, from: index + 1, stopsAtEquals: false),
              let key = name.key, !name.hasUppercase, name.range.upperBound < input.count
        else { return nil }
        let isVoid: Bool
        switch elementRule(key) {
        case .allowed:
            guard !openElements.isFull else { return nil }
            isVoid = false
        case .allowedClosingItself:
            guard !openElements.isFull,
                  Self.implicitlyEndedIndex(openingKey: key, rules: implicitEndRules, openElements: openElements) == nil
            else { return nil }
            isVoid = false
        case .allowedVoid where key != HTMLSanitizer.sourceKey && key != HTMLSanitizer.trackKey:
            isVoid = true
        default:
            return nil
        }
        let end: Int
        if bytes[name.range.upperBound] == UInt8(ascii: ">") {
            end = name.range.upperBound + 1
        } else {
            guard let tag = canonicalAttributesEnd(from: name.range.upperBound, isVoid: isVoid) else { return nil }
            end = tag.end
            if let pathStart = tag.pathStart, let base = base() {
                replace(pathStart..<pathStart, with: base.origin)
            }
        }
        if !isVoid { openElements.append(key) }
        return end
    }

    /// Writes the start tag of a kept element; true when the element is left open.
    @discardableResult
    mutating func emitStartTag(
        _ key: HTMLSanitizer.NameKey, rule: HTMLSanitizer.ElementRule, tag: HTMLSanitizer.TagToken, range: Range<Int>
    ) -> Bool {
        let isVoid = rule == .allowedVoid
        // `<p>a<p>b`, `<li>a<li>b`, `<td>a<td>b`: the new element ends the open one (and what
        // is open inside it), as in browsers.
        let implicitlyEnded = rule == .allowedClosingItself ? Self.implicitlyEndedIndex(openingKey: key, rules: implicitEndRules, openElements: openElements) : nil
        var isTooDeep = !isVoid && openElements.isFull
        if paths.isFast, implicitlyEnded == nil, !isTooDeep, isCanonicalStartTag(tag, range: range, isVoid: isVoid) {
            if !isVoid { openElements.append(key) }
            return !isVoid
        }
        // Sized once per pass: growing from empty took several allocations per rewritten tag.
        if scratch.capacity == 0 { scratch.reserveCapacity(256) }
        scratch.removeAll(keepingCapacity: true)
        if let implicitlyEnded {
            while openElements.count > implicitlyEnded { closeInnermost() }
            isTooDeep = false
        }
        if isTooDeep {
            if scratch.isEmpty { drop(range) } else { replaceWithScratch(range) }
            return false
        }
        scratch.append(UInt8(ascii: "<"))
        appendName(key)
        appendAttributes()
        if isVoid {
            if tag.isSelfClosing {
                // `<br/>` stays as written, as a tag that needs no rewriting does; other
                // spellings (`<br\n/>`) become `<br />`.
                if range.count < 3 || bytes[range.upperBound - 3] <= 0x20 { scratch.append(0x20) }
                scratch.append(UInt8(ascii: "/"))
            }
            scratch.append(UInt8(ascii: ">"))
        } else if tag.isSelfClosing {
            // XHTML content writes `<div/>`, which HTML would leave open: close it here.
            scratch.append(UInt8(ascii: ">"))
            appendEndTag(key)
        } else {
            scratch.append(UInt8(ascii: ">"))
            openElements.append(key)
            replaceWithScratch(range)
            return true
        }
        replaceWithScratch(range)
        return false
    }

    /// Where the open element that `openingKey` implicitly ends sits on the stack, if any:
    /// the nearest element of the same family, searched down to the family's boundary.
    static func implicitlyEndedIndex(
        openingKey: HTMLSanitizer.NameKey, rules implicitEndRules: [HTMLSanitizer.ImplicitEndRule],
        openElements: HTMLSanitizer.FixedStack<HTMLSanitizer.NameKey>
    ) -> Int? {
        // Nothing is open around most paragraphs of an item: no rule to look for then.
        guard !openElements.isEmpty,
              let rule = implicitEndRules.first(where: { $0.openers.contains(openingKey) })
        else { return nil }
        var index = openElements.count - 1
        while index >= 0 {
            let open = openElements[index]
            if rule.family.contains(open) { return index }
            if let inline = rule.passesOnlyThrough {
                if !inline.contains(open) { return nil }
            } else if rule.boundaries.contains(open) {
                return nil
            }
            index -= 1
        }
        return nil
    }

    mutating func appendEndTag(_ key: HTMLSanitizer.NameKey) {
        scratch.append(UInt8(ascii: "<"))
        scratch.append(UInt8(ascii: "/"))
        appendName(key)
        scratch.append(UInt8(ascii: ">"))
    }

    /// Appends a name to `scratch`: inside SVG with its mixed-case spelling (`viewBox`).
    mutating func appendName(_ key: HTMLSanitizer.NameKey) {
        if foreignContent == nil, !key.isLong { key.append(to: &scratch) } else { HTMLSanitizer.appendName(key, to: &scratch) }
    }

    /// True inside SVG for a name written in mixed case there (`viewBox`): its lower-case
    /// form is not yet canonical.
    @inline(__always)
    func isSpelledOtherwise(_ key: HTMLSanitizer.NameKey?) -> Bool {
        guard foreignContent != nil, let key else { return false }
        return key.isLong || HTMLSanitizer.mixedCaseSpellingTable.value(for: key) != 0
    }

    /// Removes the innermost open element, leaving SVG or MathML when it was their root.
    mutating func popOpenElement() {
        openElements.removeLast()
        if foreignContent != nil, openElements.count <= foreignBaseDepth { foreignContent = nil }
    }

    /// Writes the end tag of the innermost open element and removes it.
    mutating func closeInnermost() {
        appendEndTag(openElements.last!)
        popOpenElement()
    }

    mutating func endTag(at index: Int) -> Int {
        guard let tag = HTMLSanitizer.Tokenizer.readTag(in: input, nameStart: index + 2, into: &attributes, paths: paths) else {
            drop(index..<input.count)
            return input.count
        }
        let key = tag.name.key
        if let droppedName {
            if key == droppedName {
                droppedDepth -= 1
                if droppedDepth == 0 { self.droppedName = nil }
            }
            drop(index..<tag.end)
            return tag.end
        }
        guard let key, case let rule = elementRule(key),
              rule == .allowed || rule == .allowedClosingItself || rule == .enteringSVG || rule == .enteringMathML,
              let position = openElements.lastIndex(of: key)
        else {
            drop(index..<tag.end)
            return tag.end
        }
        if paths.isFast, position == openElements.count - 1, tag.end == tag.name.range.upperBound + 1, !tag.name.hasUppercase,
           !isSpelledOtherwise(key)
        {
            popOpenElement()  // `</name>` closing the innermost element: already right.
            return tag.end
        }
        scratch.removeAll(keepingCapacity: true)
        while openElements.count > position {
            closeInnermost()
        }
        replaceWithScratch(index..<tag.end)
        return tag.end
    }

    /// The end of `</name>` when it closes the innermost open element as written — a short
    /// lower-case name right before `>`, in HTML outside any dropped element — else nil. Nearly
    /// every end tag of clean HTML is one: it is kept as it is, decided from one word without
    /// reading the tag in full. (Every key on the stack outside SVG and MathML is of an element
    /// whose end tag is kept: only `emitStartTag` pushes, and only for those.) `mutating` for
    /// the reason `isCanonicalStartTag` is.
    ///
    /// The tag is compared whole with the one it must be: the innermost element's key (its
    /// lower-case name, a byte each, zeros after) followed by `>`, as one word. Near the end of
    /// the input, where the last `</p>` of most documents sits, the word is copied in part.
    @inline(__always)
    mutating func innermostEndTagEnd(at index: Int) -> Int? {
        guard droppedName == nil, foreignContent == nil, let innermost = openElements.last, innermost.high == 0
        else { return nil }
        // The name's bytes: up to the highest one that is not zero.
        let length = (71 - innermost.low.leadingZeroBitCount) >> 3
        let closing = index + 2 + length
        guard length < 8, closing < input.count else { return nil }
        let expected = innermost.low | UInt64(UInt8(ascii: ">")) << (length * 8)
        var word: UInt64 = 0
        if index + 10 <= input.count {
            word = UnsafeRawPointer(bytes).loadUnaligned(fromByteOffset: index + 2, as: UInt64.self)
        } else {
            withUnsafeMutableBytes(of: &word) { $0.copyMemory(from: UnsafeRawBufferPointer(start: bytes + index + 2, count: length + 1)) }
        }
        let written = UInt64(littleEndian: word) & (UInt64.max >> (56 - length * 8))
        return written == expected ? closing + 1 : nil
    }

    mutating func closeAll(at end: Int) {
        guard !openElements.isEmpty else { return }
        scratch.removeAll(keepingCapacity: true)
        while !openElements.isEmpty { closeInnermost() }
        output.replace(end..<end, with: scratch)
    }
}
