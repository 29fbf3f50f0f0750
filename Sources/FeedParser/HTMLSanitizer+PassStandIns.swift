import HTMLText

/// The elements a sanitising pass writes in another form: what they stand for in a reader that
/// plays nothing and submits nothing. An `iframe`, `object` or `embed` that plays media becomes a
/// `video` or `audio` element (`HTMLSanitizer+Media.swift`); `input`, `textarea` and `select`
/// become the text they show. `source` and `track` are kept only in the element they belong to.
extension HTMLSanitizer.SanitizingPass {
    /// Whether a `source` stands in `picture`, `video` or `audio`, a `track` in the last two; any
    /// other void element always.
    func isInItsParent(_ key: HTMLSanitizer.NameKey) -> Bool {
        let parent = openElements.last
        if key == HTMLSanitizer.sourceKey {
            return parent == HTMLSanitizer.pictureKey || parent == HTMLSanitizer.videoKey || parent == HTMLSanitizer.audioKey
        }
        if key == HTMLSanitizer.trackKey { return parent == HTMLSanitizer.videoKey || parent == HTMLSanitizer.audioKey }
        return true
    }

    // MARK: Embedded media

    /// An `iframe`, `object` or `embed` start tag: a `video` or `audio` element (its address and
    /// title kept) when it plays media, its own content then dropped as a browser would not show
    /// it; else the tag goes (an `embed` is void, the others keep their fallback content).
    mutating func writeEmbeddedMedia(_ key: HTMLSanitizer.NameKey, tag: HTMLSanitizer.TagToken, range: Range<Int>) {
        guard decodeAttribute(key == HTMLSanitizer.objectKey ? HTMLSanitizer.dataKey : HTMLSanitizer.srcKey) else {
            return drop(range)
        }
        var cleaned: [UInt8] = []
        let base = base()
        guard value.withUnsafeBufferPointer({ HTMLSanitizer.cleanURL($0, base: base, into: &cleaned, paths: paths) }) else {
            return drop(range)
        }
        let type = decodeAttribute(HTMLSanitizer.typeKey) ? String(decoding: value, as: UTF8.self) : nil
        guard let kind = HTMLSanitizer.embeddedMediaKind(url: String(decoding: cleaned, as: UTF8.self), type: type) else {
            return drop(range)
        }
        let name = kind.elementName
        let nameBytes = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        scratch.removeAll(keepingCapacity: true)
        scratch.append(UInt8(ascii: "<"))
        scratch.append(contentsOf: nameBytes)
        appendAttribute(HTMLSanitizer.srcKey, cleaned)
        if decodeAttribute(HTMLSanitizer.titleKey) { appendAttribute(HTMLSanitizer.titleKey, value) }
        scratch.append(contentsOf: Array("></".utf8))
        scratch.append(contentsOf: nameBytes)
        scratch.append(UInt8(ascii: ">"))
        replaceWithScratch(range)
        if key != HTMLSanitizer.embedKey, !tag.isSelfClosing {
            droppedName = key
            droppedDepth = 1
        }
    }

    // MARK: Form controls

    /// The text an `input`, `textarea` or `select` whose start tag begins at `index` shows, in
    /// place of the whole element; returns where the element ends.
    mutating func writeFormControlText(_ key: HTMLSanitizer.NameKey, tag: HTMLSanitizer.TagToken, at index: Int) -> Int {
        value.removeAll(keepingCapacity: true)
        var end = tag.end
        if key == HTMLSanitizer.inputKey {
            inputText()
        } else if key == HTMLSanitizer.textareaKey {
            let contentEnd = HTMLSanitizer.Tokenizer.endTagStart(in: input, from: tag.end, name: "textarea")
            decodeAttributeValue(tag.end..<contentEnd, inAttribute: false)
            end = contentEnd < input.count ? PlainText.endOfTag(input, from: contentEnd + 2) : input.count
        } else if !tag.isSelfClosing {
            let option = HTMLSanitizer.Tokenizer.selectedOption(in: input, from: tag.end, attributes: &attributes, paths: paths)
            for piece in option.text { decodeAttributeValue(piece, inAttribute: false) }
            end = option.end
        }
        scratch.removeAll(keepingCapacity: true)
        value.withUnsafeBufferPointer { HTMLSanitizer.appendEscapedText($0, to: &scratch, escapingQuotes: false, paths: paths) }
        replaceWithScratch(index..<end)
        return end
    }

    /// Into `value`, what an `input` shows: a button's label, a text field's value or else its
    /// placeholder; nothing for the others (a password, a check box, a hidden field…).
    private mutating func inputText() {
        let type = decodeAttribute(HTMLSanitizer.typeKey) ? String(decoding: value, as: UTF8.self).trimmingSpaces().lowercased() : "text"
        value.removeAll(keepingCapacity: true)
        switch type {
        case "submit", "button", "reset":
            _ = decodeAttribute(HTMLSanitizer.valueKey)
        case "text", "search", "email", "url", "tel", "number", "":
            if !decodeAttribute(HTMLSanitizer.valueKey) || value.isEmpty { _ = decodeAttribute(HTMLSanitizer.placeholderKey) }
        default:
            break
        }
    }

    /// Decodes the tag's first attribute named by `key` into `value`; false when it has none.
    private mutating func decodeAttribute(_ key: HTMLSanitizer.NameKey) -> Bool {
        value.removeAll(keepingCapacity: true)
        for number in 0..<attributes.count where attributes[number].name.key == key {
            if let range = attributes[number].value { decodeAttributeValue(range) }
            return true
        }
        return false
    }
}
