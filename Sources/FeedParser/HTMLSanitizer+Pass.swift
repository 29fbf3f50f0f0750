import CVectorScan
import Foundation
import HTMLText

extension HTMLSanitizer {
    /// One sanitising run over one document.
    ///
    /// Output is copy-on-first-change: `output` stays empty while every token seen so far is
    /// already in canonical form; the first token that must change copies the clean prefix and
    /// from then on clean runs are copied in bulk between replacements. `run()` returns nil when
    /// nothing changed, so clean HTML costs one scan and no allocation.
    ///
    /// Not copyable: nothing needs a second pass, and Swift copied this one (retaining each of
    /// its arrays and strings, then releasing them) on its way from `init` to `run()`, per item.
    ///
    /// Its parts: this file reads the text between tags and references; `Tokenizer` reads names,
    /// tags and comments; `+PassElements` decides what each element becomes, `+PassAttributes`
    /// each attribute; `SanitizedOutput` writes the result.
    struct SanitizingPass: ~Copyable {
        let input: UnsafeBufferPointer<UInt8>
        /// With `general`, no shortcut: every tag and reference is rewritten and compared.
        let paths: ParsePaths
        /// `input`'s bytes without per-read bounds checks: the tokenizer checks its indexes
        /// against `input.count` itself, and the checks cost a third of its time.
        ///
        /// The scans that only read the input are static functions given `input`, not methods:
        /// calling a non-mutating method from a mutating one copies the whole pass (300 bytes)
        /// for the call, once per run of text, reference, tag and attribute (7 % of parsing a
        /// feed, measured with callgrind).
        let bytes: UnsafePointer<UInt8>
        /// Bit `i % 64` of word `i / 64` is set where byte `i` is one that text cannot keep as it is
        /// (`<`, `&`, `>`, a control character other than tab and line breaks): the tokenizer's
        /// stops, found for the whole input at once (`tidings_html_attention`).
        let attention: UnsafeMutablePointer<UInt64>
        /// The base as text, parsed only when a relative URL needs it (unless the caller parsed it).
        private let baseText: String?
        private var parsedBase: URLResolver.Base??
        /// What the pass writes: the input's clean runs and the replacements (copy on first change).
        var output: SanitizedOutput
        /// Kept elements that are open, innermost last.
        var openElements: FixedStack<NameKey>
        /// While inside a dropped element (`object`, `svg`…): its name and nesting depth.
        var droppedName: NameKey?
        var droppedDepth = 0
        /// While inside `svg` or `math`: which, and how many kept elements are open outside it
        /// (it ends when the stack falls back to that count).
        var foreignContent: ForeignContent?
        var foreignBaseDepth = 0
        /// Reused per tag, to allocate nothing in the steady state.
        /// At most `maximumAttributes` attributes of a tag are considered; later ones are ignored.
        var attributes: FixedStack<AttributeToken>
        var scratch: [UInt8] = []
        var value: [UInt8] = []
        var url: [UInt8] = []
        var emittedAttributeNames: [NameKey] = []
        /// Where the input's last `>` is, once a `<!` needed to know (`Tokenizer.isMarkupDeclaration`).
        var lastClosingAngle: Int?

        init(
            input: UnsafeBufferPointer<UInt8>, source: String?, baseText: String?, parsedBase: URLResolver.Base??,
            workspace: inout Workspace, paths: ParsePaths
        ) {
            self.input = input
            self.paths = paths
            // An empty buffer may have no address; nothing reads through it then.
            self.bytes = input.baseAddress ?? UnsafePointer(bitPattern: 1)!
            self.baseText = baseText
            self.parsedBase = parsedBase
            output = SanitizedOutput(input: input, source: source, pending: &workspace.pending, paths: paths)
            // The workspace keeps the stacks' memory alive for the run: it is lent for the whole call.
            let stacks = workspace.uniqueStackSpace()
            openElements = FixedStack(stacks.elements)
            attributes = FixedStack(stacks.attributes)
            attention = stacks.attentionWords(forByteCount: input.count)
            if paths.isFast {
                tidings_html_attention(bytes, input.count, attention)
            } else {
                _ = tidings_html_attention_using(Int32(TIDINGS_SCAN_SCALAR), bytes, input.count, attention)
            }
            elementTable = HTMLSanitizer.elementTable
            attributeTable = HTMLSanitizer.attributeTable
            referenceNameTable = HTMLSanitizer.referenceNameTable
            implicitEndRules = HTMLSanitizer.implicitEndRules
            swap(&scratch, &workspace.scratch)
            swap(&value, &workspace.value)
            swap(&url, &workspace.url)
            swap(&emittedAttributeNames, &workspace.attributeNames)
        }

        /// Gives the scratch arrays back once the run is over, readied for the next (`Workspace.clear`).
        mutating func returnWorkspace(to workspace: inout Workspace) {
            output.returnPending(to: &workspace.pending)
            swap(&scratch, &workspace.scratch)
            swap(&value, &workspace.value)
            swap(&url, &workspace.url)
            swap(&emittedAttributeNames, &workspace.attributeNames)
            workspace.clear()
        }

        /// The tables, copied once per run (they are two pointers each) to keep lazy-global
        /// checks out of the per-tag path.
        let elementTable: NameTable
        let attributeTable: NameTable
        let referenceNameTable: NameTable
        let implicitEndRules: [ImplicitEndRule]

        /// The base, parsed the first time a relative URL needs it.
        mutating func base() -> URLResolver.Base? {
            if let parsedBase { return parsedBase }
            let parsed = baseText.flatMap(URLResolver.Base.init)
            parsedBase = .some(parsed)
            return parsed
        }

        // MARK: Output

        /// Replaces `input[range]` with `bytes` in the output.
        @inline(__always)
        mutating func replace(_ range: Range<Int>, with bytes: UnsafeBufferPointer<UInt8>) {
            output.replace(range, with: bytes)
        }

        mutating func replace(_ range: Range<Int>, with bytes: [UInt8]) {
            output.replace(range, with: bytes)
        }

        mutating func replace(_ range: Range<Int>, literal: StaticString) {
            output.replace(range, literal: literal)
        }

        mutating func drop(_ range: Range<Int>) {
            output.drop(range)
        }

        /// Uses `scratch` for `input[range]`, unless they are the same bytes.
        mutating func replaceWithScratch(_ range: Range<Int>) {
            output.replace(range, withIfDifferent: scratch)
        }

        // MARK: Text

        mutating func run() -> ValidatedUTF8.Text? {
            let count = input.count
            var index = 0
            while index < count {
                index = nextAttention(from: index)
                guard index < count else { break }
                // Tested in the order of how often they come (tags, then references), which a
                // jump table on the byte, mispredicted at most stops, did not take into account.
                let byte = bytes[index]
                if byte == UInt8(ascii: "<") {
                    index = markup(at: index)
                } else if byte == UInt8(ascii: "&") {
                    index = reference(at: index)
                } else {
                    // `>`, or a control character: NUL and the like. Tab and line breaks are no
                    // stops: text keeps them, and in a dropped element `skipDroppedText` takes them.
                    if byte == UInt8(ascii: ">"), droppedName == nil { replace(index..<index + 1, literal: "&gt;") } else { drop(index..<index + 1) }
                    index &+= 1
                }
                if droppedName != nil {
                    index = skipDroppedText(from: index)
                }
            }
            closeAll(at: count)
            return output.finish()
        }

        /// The index of the next byte that text cannot keep as it is from `index` on, or the end:
        /// the lowest bit of the attention words from there.
        @inline(__always)
        func nextAttention(from index: Int) -> Int {
            let wordCount = (input.count + 63) >> 6
            var word = index >> 6
            guard word < wordCount else { return input.count }
            var mask = attention[word] & (UInt64.max << UInt64(index & 63))
            while mask == 0 {
                word &+= 1
                guard word < wordCount else { return input.count }
                mask = attention[word]
            }
            return word << 6 | mask.trailingZeroBitCount
        }

        /// Inside a dropped element, text goes without escaping work: only `<` matters.
        mutating func skipDroppedText(from index: Int) -> Int {
            var end = index
            while end < input.count, bytes[end] != UInt8(ascii: "<") { end &+= 1 }
            if end > index { drop(index..<end) }
            return end
        }

        mutating func reference(at index: Int) -> Int {
            if droppedName != nil {
                drop(index..<index + 1)
                return index + 1
            }
            if paths.isFast, let end = Tokenizer.canonicalReferenceEnd(in: input, at: index, names: referenceNameTable) { return end }
            value.removeAll(keepingCapacity: true)
            guard let reference = CharacterReference.decode(in: input, at: index, inAttribute: false, into: &value) else {
                replace(index..<index + 1, literal: "&amp;")
                return index + 1
            }
            if !reference.isCanonical {
                scratch.removeAll(keepingCapacity: true)
                value.withUnsafeBufferPointer { HTMLSanitizer.appendEscapedText($0, to: &scratch, escapingQuotes: false, paths: paths) }
                replaceWithScratch(index..<reference.end)
            }
            return reference.end
        }

        mutating func markup(at index: Int) -> Int {
            let count = input.count
            guard index + 1 < count else {
                escapeLessThan(at: index)
                return index + 1
            }
            let next = bytes[index + 1]
            // The common tags of clean HTML are settled here, before the calls that read a tag
            // in full (each saves and restores most registers).
            if isLetter(next) {
                if paths.isFast, let end = plainStartTag(at: index) { return end }
                return startTag(at: index)
            }
            switch next {
            case UInt8(ascii: "/"):
                if index + 2 < count, isLetter(bytes[index + 2]) {
                    if paths.isFast, let end = innermostEndTagEnd(at: index) {
                        openElements.removeLast()
                        return end
                    }
                    return endTag(at: index)
                }
                // `</>` and `</3…>`: nothing for a reader.
                let end = PlainText.endOfComment(input, from: index)
                drop(index..<end)
                return end
            case UInt8(ascii: "!"):
                if Tokenizer.hasPrefix("<![CDATA[", in: input, at: index) { return cdata(at: index) }
                if lastClosingAngle == nil { lastClosingAngle = Tokenizer.lastClosingAngle(in: input) }
                guard Tokenizer.isMarkupDeclaration(in: input, at: index, lastClosingAngle: lastClosingAngle!) else {
                    escapeLessThan(at: index)
                    return index + 1
                }
                let end = Tokenizer.commentEnd(in: input, from: index)
                drop(index..<end)
                return end
            case UInt8(ascii: "?"):
                let end = PlainText.endOfComment(input, from: index)
                drop(index..<end)
                return end
            default:
                escapeLessThan(at: index)
                return index + 1
            }
        }

        mutating func escapeLessThan(at index: Int) {
            if droppedName == nil { replace(index..<index + 1, literal: "&lt;") } else { drop(index..<index + 1) }
        }

        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }

        /// `<![CDATA[…]]>` (from XHTML content) becomes escaped text.
        mutating func cdata(at index: Int) -> Int {
            let contentStart = index + 9
            var cursor = contentStart
            while cursor + 2 < input.count,
                  !(bytes[cursor] == UInt8(ascii: "]") && bytes[cursor + 1] == UInt8(ascii: "]") && bytes[cursor + 2] == UInt8(ascii: ">"))
            {
                cursor &+= 1
            }
            let contentEnd = cursor + 2 < input.count ? cursor : input.count
            let end = min(contentEnd + 3, input.count)
            if droppedName != nil {
                drop(index..<end)
            } else {
                scratch.removeAll(keepingCapacity: true)
                HTMLSanitizer.appendEscapedText(UnsafeBufferPointer(rebasing: input[contentStart..<contentEnd]), to: &scratch,
                                                escapingQuotes: false, paths: paths)
                replaceWithScratch(index..<end)
            }
            return end
        }
    }
}
