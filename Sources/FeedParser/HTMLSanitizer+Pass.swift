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
    struct SanitizingPass: ~Copyable {
        let input: UnsafeBufferPointer<UInt8>
        /// With `general`, no shortcut: every tag and reference is rewritten and compared.
        private let paths: ParsePaths
        /// `input`'s bytes without per-read bounds checks: the tokenizer checks its indexes
        /// against `input.count` itself, and the checks cost a third of its time.
        ///
        /// The scans that only read the input are static functions given `input`, not methods:
        /// calling a non-mutating method from a mutating one copies the whole pass (300 bytes)
        /// for the call, once per run of text, reference, tag and attribute (7 % of parsing a
        /// feed, measured with callgrind).
        private let bytes: UnsafePointer<UInt8>
        /// Bit `i % 64` of word `i / 64` is set where byte `i` is one that text cannot keep as it is
        /// (`<`, `&`, `>`, a control character other than tab and line breaks): the tokenizer's
        /// stops, found for the whole input at once (`tidings_html_attention`).
        private let attention: UnsafeMutablePointer<UInt64>
        /// The base as text, parsed only when a relative URL needs it (unless the caller parsed it).
        private let baseText: String?
        private var parsedBase: URLResolver.Base??
        private var output = ""
        /// The input as a `String` when the caller has one: clean runs are then copied from it
        /// as already-valid text, and only the small replacements are validated as UTF-8.
        private let source: String?
        /// Output bytes not yet moved into `output`.
        private var pending: [UInt8] = []
        private var hasChanged = false
        /// Input before this index is accounted for: copied to `output` or replaced.
        private var copiedUpTo = 0
        /// Kept elements that are open, innermost last.
        private var openElements: FixedStack<NameKey>
        /// While inside a dropped element (`object`, `svg`…): its name and nesting depth.
        private var droppedName: NameKey?
        private var droppedDepth = 0
        /// While inside `svg` or `math`: which, and how many kept elements are open outside it
        /// (it ends when the stack falls back to that count).
        private var foreignContent: ForeignContent?
        private var foreignBaseDepth = 0
        /// Reused per tag, to allocate nothing in the steady state.
        /// At most `maximumAttributes` attributes of a tag are considered; later ones are ignored.
        private var attributes: FixedStack<AttributeToken>
        private var scratch: [UInt8] = []
        private var value: [UInt8] = []
        private var url: [UInt8] = []
        private var emittedAttributeNames: [NameKey] = []

        struct AttributeToken {
            var name: ScannedName
            var value: Range<Int>?
            var quote: UInt8
        }

        struct TagToken {
            var name: ScannedName
            var end: Int
            var isSelfClosing: Bool
        }

        init(
            input: UnsafeBufferPointer<UInt8>, source: String?, baseText: String?, parsedBase: URLResolver.Base??,
            workspace: inout Workspace, paths: ParsePaths
        ) {
            self.input = input
            self.paths = paths
            self.source = source
            // An empty buffer may have no address; nothing reads through it then.
            self.bytes = input.baseAddress ?? UnsafePointer(bitPattern: 1)!
            self.baseText = baseText
            self.parsedBase = parsedBase
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
            swap(&pending, &workspace.pending)
            swap(&scratch, &workspace.scratch)
            swap(&value, &workspace.value)
            swap(&url, &workspace.url)
            swap(&emittedAttributeNames, &workspace.attributeNames)
        }

        /// Gives the scratch arrays back once the run is over, readied for the next (`Workspace.clear`).
        mutating func returnWorkspace(to workspace: inout Workspace) {
            swap(&pending, &workspace.pending)
            swap(&scratch, &workspace.scratch)
            swap(&value, &workspace.value)
            swap(&url, &workspace.url)
            swap(&emittedAttributeNames, &workspace.attributeNames)
            workspace.clear()
        }

        /// The tables, copied once per run (they are two pointers each) to keep lazy-global
        /// checks out of the per-tag path.
        private let elementTable: NameTable
        private let attributeTable: NameTable
        private let referenceNameTable: NameTable
        private let implicitEndRules: [ImplicitEndRule]

        @inline(__always)
        private func elementRule(_ key: NameKey?) -> ElementRule {
            guard let key else { return .unwrapped }
            let rule = ElementRule(rawValue: elementTable.value(for: key)) ?? .unwrapped
            guard let foreignContent else { return rule }
            return Self.foreignElementRule(key, htmlRule: rule, in: foreignContent)
        }

        /// Inside SVG or MathML, its own allow-list decides; an HTML element is unwrapped, or
        /// dropped (with its content) as it would be anywhere.
        private static func foreignElementRule(_ key: NameKey, htmlRule: ElementRule, in foreignContent: ForeignContent) -> ElementRule {
            let table = foreignContent == .svg ? HTMLSanitizer.svgElementTable : HTMLSanitizer.mathMLElementTable
            if let rule = ElementRule(rawValue: table.value(for: key)), rule != .unwrapped { return rule }
            switch htmlRule {
            case .droppedRawText, .droppedNesting, .droppedVoid: return htmlRule
            default: return .unwrapped
            }
        }

        @inline(__always)
        private func attributeRule(_ key: NameKey?) -> AttributeRule {
            guard let key else { return .dropped }
            guard let foreignContent else { return AttributeRule(rawValue: attributeTable.value(for: key)) ?? .dropped }
            let table = foreignContent == .svg ? HTMLSanitizer.svgAttributeTable : HTMLSanitizer.mathMLAttributeTable
            return AttributeRule(rawValue: table.value(for: key)) ?? .dropped
        }

        private mutating func base() -> URLResolver.Base? {
            if let parsedBase { return parsedBase }
            let parsed = baseText.flatMap(URLResolver.Base.init)
            parsedBase = .some(parsed)
            return parsed
        }

        // MARK: Output

        /// Replaces `input[range]` with `bytes` in the output.
        private mutating func replace(_ range: Range<Int>, with bytes: UnsafeBufferPointer<UInt8>) {
            if !hasChanged {
                hasChanged = true
                // Without a source string everything passes through `pending`, which then becomes
                // the output in one piece: size that, not `output`, to spare regrowing it.
                if source == nil {
                    pending.reserveCapacity(input.count + input.count / 8 + 64)
                } else {
                    output.reserveCapacity(input.count + 64)
                }
            }
            if range.lowerBound > copiedUpTo {
                appendVerbatim(copiedUpTo..<range.lowerBound)
            }
            pending.append(contentsOf: bytes)
            copiedUpTo = range.upperBound
        }

        /// Appends `input[range]`, which starts and ends at token boundaries (ASCII bytes), so
        /// it is whole scalars. Short runs join the pending bytes; long ones are copied from the
        /// source `String` as already-valid text.
        private mutating func appendVerbatim(_ range: Range<Int>) {
            if paths.isFast, let source, range.count >= 256 {
                let utf8 = source.utf8
                let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
                let end = utf8.index(start, offsetBy: range.count)
                if let text = String(utf8[start..<end]) {
                    flushPending()
                    output.append(text)
                    return
                }
            }
            pending.append(contentsOf: UnsafeBufferPointer(rebasing: input[range]))
        }

        /// Moves the pending bytes (replacements and short clean runs) into `output`, validating
        /// them as UTF-8 once.
        private mutating func flushPending() {
            guard !pending.isEmpty else { return }
            output.append(ValidatedUTF8.string(pending, paths: paths))
            pending.removeAll(keepingCapacity: true)
        }

        private mutating func replace(_ range: Range<Int>, with bytes: [UInt8]) {
            bytes.withUnsafeBufferPointer { replace(range, with: $0) }
        }

        private mutating func replace(_ range: Range<Int>, literal: StaticString) {
            replace(range, with: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
        }

        private mutating func drop(_ range: Range<Int>) {
            replace(range, with: UnsafeBufferPointer(start: nil, count: 0))
        }

        /// Uses `scratch` for `input[range]`, unless they are the same bytes.
        private mutating func replaceWithScratch(_ range: Range<Int>) {
            let same = scratch.count == range.count && scratch.withUnsafeBufferPointer { rendered in
                memcmp(rendered.baseAddress!, input.baseAddress! + range.lowerBound, range.count) == 0
            }
            if !same {
                var rendered: [UInt8] = []
                swap(&rendered, &scratch)
                replace(range, with: rendered)
                swap(&rendered, &scratch)
            }
        }

        // MARK: Tokenizer

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
            guard hasChanged else { return nil }
            if copiedUpTo < count {
                appendVerbatim(copiedUpTo..<count)
            }
            if output.isEmpty {
                // The whole output is in `pending` (always, without a source string): validated in
                // one piece, it comes with the verdict on double encoding.
                return ValidatedUTF8.text(pending, paths: paths)
            }
            // Pieces validated apart can form the pair across their seam: unsure.
            flushPending()
            return ValidatedUTF8.Text(string: output, mayBeDoublyEncoded: true)
        }

        /// The index of the next byte that text cannot keep as it is from `index` on, or the end:
        /// the lowest bit of the attention words from there.
        @inline(__always)
        private func nextAttention(from index: Int) -> Int {
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

        /// True when any of the eight bytes is below 0x20 or is `<`, `&`, `>` or DEL.
        @inline(__always)
        static func mayNeedAttention(_ word: UInt64, orSpace: Bool = false) -> Bool {
            attentionFlags(word, orSpace: orSpace) != 0
        }

        /// The high bit of each byte of `word` (read little-endian) that is below 0x20 (0x21 with
        /// `orSpace`) or is `<`, `&`, `>` or DEL, as SWAR computes it: the classic "has zero byte"
        /// test applied to the word XOR each wanted byte. A borrow can flag a byte above a real
        /// match, never one below it, so the lowest flag is the first such byte. `<` (0x3C) and
        /// `>` (0x3E) differ in one bit only: with that bit set both read 0x3E, one test for two.
        @inline(__always)
        private static func attentionFlags(_ word: UInt64, orSpace: Bool = false) -> UInt64 {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            func hasZeroByte(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
            let below0x20 = (word &- ones &* (orSpace ? 0x21 : 0x20)) & ~word & highs
            let angleBracket = hasZeroByte((word | ones &* 0x02) ^ (ones &* 0x3E))
            let ampersand = hasZeroByte(word ^ (ones &* 0x26))
            let delete = hasZeroByte(word ^ (ones &* 0x7F))
            return below0x20 | angleBracket | ampersand | delete
        }

        /// The high bit of each byte of `word` that is `"`, the lowest flag exact as in
        /// `attentionFlags`.
        @inline(__always)
        static func quoteFlags(_ word: UInt64) -> UInt64 {
            let quotes = word ^ 0x2222_2222_2222_2222  // a zero byte where a byte is `"`
            return (quotes &- 0x0101_0101_0101_0101) & ~quotes & 0x8080_8080_8080_8080
        }

        /// Inside a dropped element, text goes without escaping work: only `<` matters.
        private mutating func skipDroppedText(from index: Int) -> Int {
            var end = index
            while end < input.count, bytes[end] != UInt8(ascii: "<") { end &+= 1 }
            if end > index { drop(index..<end) }
            return end
        }

        private mutating func reference(at index: Int) -> Int {
            if droppedName != nil {
                drop(index..<index + 1)
                return index + 1
            }
            if paths.isFast, let end = Self.canonicalReferenceEnd(in: input, at: index, names: referenceNameTable) { return end }
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

        /// The end of a reference that is already written as HTML requires (`&name;` with a
        /// known name, `&#nn;` or `&#xhh;` naming an allowed character), else nil. Decides
        /// without decoding, for the common case of clean text. Inlined into `reference`, its only
        /// caller: the call and its saved registers were a fifth of its cost.
        @inline(__always)
        private static func canonicalReferenceEnd(in input: UnsafeBufferPointer<UInt8>, at index: Int, names: NameTable) -> Int? {
            let bytes = input.baseAddress!
            let count = input.count
            var cursor = index + 1
            guard cursor < count else { return nil }
            if bytes[cursor] == UInt8(ascii: "#") {
                cursor &+= 1
                let isHex = cursor < count && bytes[cursor] | 0x20 == UInt8(ascii: "x")
                if isHex { cursor &+= 1 }
                let digitsStart = cursor
                var value: UInt32 = 0
                while cursor < count, cursor - digitsStart < 8 {
                    let byte = bytes[cursor]
                    if byte &- 0x30 < 10 {
                        value = value &* (isHex ? 16 : 10) &+ UInt32(byte - 0x30)
                    } else if isHex, (byte | 0x20) &- UInt8(ascii: "a") < 6 {
                        value = value &* 16 &+ UInt32((byte | 0x20) - UInt8(ascii: "a") + 10)
                    } else {
                        break
                    }
                    cursor &+= 1
                }
                guard cursor > digitsStart, cursor < count, bytes[cursor] == UInt8(ascii: ";") else { return nil }
                switch value {
                case 0x09, 0x0A, 0x0D, 0x20..<0x7F, 0xA0..<0xD800, 0xE000...0x10FFFF: return cursor + 1
                default: return nil
                }
            }
            let nameStart = cursor
            // A name of up to seven bytes (`amp`, `mdash`, `hellip`: nearly every one in feeds) is
            // read as one word, up to its `;` (the lowest flag of a SWAR test is exact).
            if nameStart + 8 <= count {
                let word = UInt64(littleEndian: UnsafeRawPointer(bytes + nameStart).loadUnaligned(as: UInt64.self))
                let ones: UInt64 = 0x0101_0101_0101_0101
                let semicolons = ((word ^ (ones &* UInt64(UInt8(ascii: ";")))) &- ones) & ~word & (ones &* 0x80)
                let length = semicolons.trailingZeroBitCount >> 3
                if length < 8 {
                    // Every name in the table is letters and digits: a name with anything else
                    // is not found, without a look at each of its bytes first; but a key pads
                    // its name with zeros, so a name ending in NUL (`&nbsp\0;`) must be refused
                    // here, or it would be taken for the name without it.
                    let name = word & (UInt64.max >> (64 - length * 8))
                    guard length > 0, name >> UInt64(length * 8 - 8) != 0 else { return nil }
                    return names.value(for: NameKey(low: name, high: 0)) != 0 ? nameStart + length + 1 : nil
                }
            }
            var low: UInt64 = 0
            var high: UInt64 = 0
            while cursor < count, cursor - nameStart < 16 {
                let byte = bytes[cursor]
                guard CharacterReference.isAlphanumeric(byte) else { break }
                let offset = cursor - nameStart
                if offset < 8 { low |= UInt64(byte) << (offset &* 8) } else { high |= UInt64(byte) << ((offset &- 8) &* 8) }
                cursor &+= 1
            }
            // Keys are lower-cased elsewhere; reference names are case-sensitive, so the key here
            // keeps the bytes as written and the table holds names as written.
            guard cursor > nameStart, cursor < count, bytes[cursor] == UInt8(ascii: ";"),
                  names.value(for: NameKey(low: low, high: high)) != 0
            else { return nil }
            return cursor + 1
        }

        private mutating func markup(at index: Int) -> Int {
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
                if hasPrefix("<![CDATA[", at: index) { return cdata(at: index) }
                let end = commentEnd(from: index)
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

        private mutating func escapeLessThan(at index: Int) {
            if droppedName == nil { replace(index..<index + 1, literal: "&lt;") } else { drop(index..<index + 1) }
        }

        private func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }

        private func hasPrefix(_ text: StaticString, at index: Int) -> Bool {
            let length = text.utf8CodeUnitCount
            guard index + length <= input.count else { return false }
            let pattern = UnsafeBufferPointer(start: text.utf8Start, count: length)
            for offset in 0..<length where bytes[index + offset] != pattern[offset] { return false }
            return true
        }

        /// Index after a comment (`<!--…-->`, also ended by `--!>`, and the empty `<!-->`,
        /// `<!--->`) or a `<!…>` declaration; the end of the input when unterminated.
        private func commentEnd(from index: Int) -> Int {
            let count = input.count
            guard hasPrefix("<!--", at: index) else {
                var cursor = index + 2
                while cursor < count, bytes[cursor] != UInt8(ascii: ">") { cursor &+= 1 }
                return min(cursor + 1, count)
            }
            var cursor = index + 4
            if cursor < count, bytes[cursor] == UInt8(ascii: ">") { return cursor + 1 }
            if hasPrefix("->", at: cursor) { return cursor + 2 }
            while cursor + 2 < count {
                if bytes[cursor] == UInt8(ascii: "-"), bytes[cursor + 1] == UInt8(ascii: "-") {
                    if bytes[cursor + 2] == UInt8(ascii: ">") { return cursor + 3 }
                    if bytes[cursor + 2] == UInt8(ascii: "!"), cursor + 3 < count, bytes[cursor + 3] == UInt8(ascii: ">") {
                        return cursor + 4
                    }
                }
                cursor &+= 1
            }
            return count
        }

        /// `<![CDATA[…]]>` (from XHTML content) becomes escaped text.
        private mutating func cdata(at index: Int) -> Int {
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

        /// A name read from the input, with its lower-cased key (nil when longer than 16 bytes).
        struct ScannedName {
            var range: Range<Int>
            var key: NameKey?
            var hasUppercase: Bool
        }

        /// `scanName` for a name shorter than eight bytes (nearly all of them), read as one word:
        /// nil when the eight bytes at `start` hold no end of the name. SWAR tests flag each byte
        /// that ends the name; borrows can flag bytes above a real match but never below one, so
        /// the lowest flag is exact.
        @inline(__always)
        private static func scanShortName(in input: UnsafeBufferPointer<UInt8>, from start: Int, stopsAtEquals: Bool) -> ScannedName? {
            let bytes = input.baseAddress!
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            func hasZeroByte(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
            let word = UInt64(littleEndian: UnsafeRawPointer(bytes).loadUnaligned(fromByteOffset: start, as: UInt64.self))
            var ends = ((word &- ones &* 0x21) & ~word & highs)  // bytes up to 0x20
                | hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "/"))))
                | hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: ">"))))
            if stopsAtEquals {
                // The first byte is always part of the name, so it is made a non-match (0xFF).
                ends |= hasZeroByte((word | 0xFF) ^ (ones &* UInt64(UInt8(ascii: "="))))
            }
            guard ends != 0 else { return nil }
            let length = ends.trailingZeroBitCount >> 3
            guard length > 0 else { return ScannedName(range: start..<start, key: nil, hasUppercase: false) }
            let name = word & (UInt64.max >> (64 - length * 8))
            // Upper-case ASCII letters: at least "A" and not above "Z", and below 0x80.
            let heptets = name & ~highs
            let isUppercase = (heptets &+ ones &* (0x80 - 0x41)) & ~(heptets &+ ones &* (0x80 - 0x5B)) & ~name & highs
            return ScannedName(range: start..<start + length, key: NameKey(low: name | (isUppercase >> 2), high: 0),
                               hasUppercase: isUppercase != 0)
        }

        /// Reads a name up to white space, `/`, `>` (and `=` for attribute names; the first byte
        /// is always taken), building its key in the same pass.
        @inline(__always)
        private static func scanName(
            in input: UnsafeBufferPointer<UInt8>, from start: Int, stopsAtEquals: Bool, paths: ParsePaths
        ) -> ScannedName {
            let bytes = input.baseAddress!
            let count = input.count
            if paths.isFast, start + 8 <= count, let short = scanShortName(in: input, from: start, stopsAtEquals: stopsAtEquals) { return short }
            var cursor = start
            var low: UInt64 = 0
            var high: UInt64 = 0
            var uppercaseSeen: UInt8 = 0
            while cursor < count {
                var byte = bytes[cursor]
                let isEnd = byte <= 0x20 || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
                    || (stopsAtEquals && byte == UInt8(ascii: "=") && cursor > start)
                if isEnd { break }
                let isUppercase: UInt8 = byte &- UInt8(ascii: "A") < 26 ? 0x20 : 0
                byte |= isUppercase
                uppercaseSeen |= isUppercase
                let offset = cursor &- start
                if offset < 8 {
                    low |= UInt64(byte) << (offset &* 8)
                } else if offset < 16 {
                    high |= UInt64(byte) << ((offset &- 8) &* 8)
                }
                cursor &+= 1
            }
            let length = cursor - start
            let key = length > 0 && length <= 16 ? NameKey(low: low, high: high)
                : length > 16 ? HTMLSanitizer.longNameKey(in: input, start..<cursor) : nil
            return ScannedName(range: start..<cursor, key: key, hasUppercase: uppercaseSeen != 0)
        }

        /// Reads a tag's name and attributes (HTML tokenizer rules) into `attributes`; nil when
        /// the input ends inside the tag, which browsers then ignore.
        private mutating func readTag(at index: Int, nameStart: Int) -> TagToken? {
            let count = input.count
            let name = Self.scanName(in: input, from: nameStart, stopsAtEquals: false, paths: paths)
            var cursor = name.range.upperBound
            attributes.removeAll()
            var isSelfClosing = false
            while cursor < count {
                let byte = bytes[cursor]
                if byte <= 0x20 {
                    cursor &+= 1
                    continue
                }
                if byte == UInt8(ascii: ">") {
                    return TagToken(name: name, end: cursor + 1, isSelfClosing: isSelfClosing)
                }
                if byte == UInt8(ascii: "/") {
                    cursor &+= 1
                    isSelfClosing = cursor < count && bytes[cursor] == UInt8(ascii: ">")
                    continue
                }
                isSelfClosing = false
                let attributeName = Self.scanName(in: input, from: cursor, stopsAtEquals: true, paths: paths)
                cursor = attributeName.range.upperBound
                var lookahead = cursor
                while lookahead < count, bytes[lookahead] <= 0x20 { lookahead &+= 1 }
                guard lookahead < count, bytes[lookahead] == UInt8(ascii: "=") else {
                    attributes.append(AttributeToken(name: attributeName, value: nil, quote: 0))
                    continue
                }
                cursor = lookahead + 1
                while cursor < count, bytes[cursor] <= 0x20 { cursor &+= 1 }
                guard cursor < count else { return nil }
                let quote = bytes[cursor]
                if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    let valueStart = cursor + 1
                    guard let found = memchr(input.baseAddress! + valueStart, Int32(quote), count - valueStart) else { return nil }
                    cursor = valueStart + (UnsafeRawPointer(found) - UnsafeRawPointer(input.baseAddress! + valueStart))
                    attributes.append(AttributeToken(name: attributeName, value: valueStart..<cursor, quote: quote))
                    cursor &+= 1
                } else {
                    let valueStart = cursor
                    while cursor < count, bytes[cursor] > 0x20, bytes[cursor] != UInt8(ascii: ">") { cursor &+= 1 }
                    attributes.append(AttributeToken(name: attributeName, value: valueStart..<cursor, quote: 0))
                }
            }
            return nil
        }

        // MARK: Elements

        private mutating func startTag(at index: Int) -> Int {
            guard let tag = readTag(at: index, nameStart: index + 1) else {
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
            case .allowedVoid where key == HTMLSanitizer.sourceKey && openElements.last != HTMLSanitizer.pictureKey:
                drop(index..<tag.end)  // a `source` of unwrapped `video` or `audio`
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
        private mutating func plainStartTag(at index: Int) -> Int? {
            guard droppedName == nil, foreignContent == nil, index + 9 <= input.count,
                  let name = Self.scanShortName(in: input, from: index + 1, stopsAtEquals: false),
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
            case .allowedVoid where key != HTMLSanitizer.sourceKey:
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

        /// The end of a start tag whose attributes, from `start` (right after its name), are
        /// written as `isCanonicalStartTag` wants them, read in the same pass that checks them:
        /// ` name="value"` each (allowed, plain or URL, not repeated, the value canonical), then
        /// `>` (or `/>`, ` />` for a void element). Nil for anything else, which `readTag` then
        /// reads in full, including what this does not take on although it may be canonical (an
        /// attribute without a value, a name of eight bytes or more).
        ///
        /// One URL of the tag may also be an absolute path that resolves by putting the base's
        /// origin in front of it (the relative `img` of most items): `pathStart` then says where
        /// it starts, and the tag is otherwise kept as written. Read and rewritten in full,
        /// the tag came out the same at four times the cost (~3,800 instructions, callgrind).
        private mutating func canonicalAttributesEnd(from start: Int, isVoid: Bool) -> (end: Int, pathStart: Int?)? {
            let count = input.count
            var cursor = start
            var pathStart: Int?
            attributes.removeAll()
            while cursor < count {
                let byte = bytes[cursor]
                if byte == UInt8(ascii: ">") { return (cursor + 1, pathStart) }
                if byte == 0x20, cursor + 1 < count, bytes[cursor + 1] != UInt8(ascii: "/") {
                    cursor += 1
                    // An empty name (a second space, `>`) has no key.
                    guard attributes.count < 16, cursor + 8 <= count,
                          let name = Self.scanShortName(in: input, from: cursor, stopsAtEquals: true),
                          let key = name.key, !name.hasUppercase, case let rule = attributeRule(key), rule == .plain || rule == .url,
                          case let nameEnd = name.range.upperBound, nameEnd + 2 < count,
                          bytes[nameEnd] == UInt8(ascii: "="), bytes[nameEnd + 1] == UInt8(ascii: "\"")
                    else { return nil }
                    let valueStart = nameEnd + 2
                    var valueEnd = Self.canonicalValueEnd(in: input, from: valueStart, isURL: rule == .url)
                    if valueEnd == nil, rule == .url, pathStart == nil,
                       let pathEnd = Self.canonicalPathEnd(in: input, from: valueStart),
                       resolvesByOrigin(UnsafeBufferPointer(rebasing: input[valueStart..<pathEnd])) {
                        valueEnd = pathEnd
                        pathStart = valueStart
                    }
                    guard let valueEnd else { return nil }
                    for earlier in 0..<attributes.count where attributes[earlier].name.key == key { return nil }
                    attributes.append(AttributeToken(name: name, value: valueStart..<valueEnd, quote: UInt8(ascii: "\"")))
                    cursor = valueEnd + 1
                    continue
                }
                // `/>` or ` />`, for a void element only; a rewritten tag ends in ` />`.
                let slash = byte == 0x20 ? cursor + 1 : cursor
                guard isVoid, slash + 1 < count, bytes[slash] == UInt8(ascii: "/"), bytes[slash + 1] == UInt8(ascii: ">"),
                      pathStart == nil || byte == 0x20
                else { return nil }
                return (slash + 2, pathStart)
            }
            return nil
        }

        /// Whether `cleanURL` resolves `path` against the base by putting the origin in front of
        /// it, with an origin that escaping keeps as it is: the rewritten tag then holds the value
        /// as written, after the origin. `path` is a canonical value as written: decoding it
        /// (`&amp;` at most) changes neither its first bytes nor its segments.
        private mutating func resolvesByOrigin(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let base = base(), let scheme = base.parts.scheme, HTMLSanitizer.isAllowedScheme(scheme),
                  base.joinsOrigin(absolutePath: path)
            else { return false }
            return base.origin.withUnsafeBufferPointer { !HTMLSanitizer.mayNeedEscaping($0, escapingQuotes: true) }
        }

        /// Writes the start tag of a kept element; true when the element is left open.
        @discardableResult
        private mutating func emitStartTag(_ key: NameKey, rule: ElementRule, tag: TagToken, range: Range<Int>) -> Bool {
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
        private static func implicitlyEndedIndex(
            openingKey: NameKey, rules implicitEndRules: [ImplicitEndRule], openElements: FixedStack<NameKey>
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

        /// True when the tag is already written exactly as it would be rendered: lower-case
        /// names, one space before each attribute, allowed attributes only, double-quoted values
        /// that need no escaping, `http(s)` URLs, `>` or (void) ` />` or `/>` at the end. Most tags of
        /// clean feed HTML pass, and then cost no copying at all.
        ///
        /// `mutating` though it changes nothing: it reads the pass's state, and a non-mutating
        /// call would copy the whole pass once per tag (see `bytes`).
        private mutating func isCanonicalStartTag(_ tag: TagToken, range: Range<Int>, isVoid: Bool) -> Bool {
            guard attributes.count <= 16, !tag.name.hasUppercase, !isSpelledOtherwise(tag.name.key) else { return false }
            var expected = tag.name.range.upperBound
            for number in 0..<attributes.count {
                let attribute = attributes[number]
                let key = attribute.name.key
                guard attribute.name.range.lowerBound == expected + 1, bytes[expected] == 0x20,
                      !attribute.name.hasUppercase, !isSpelledOtherwise(key)
                else { return false }
                let rule = attributeRule(key)
                guard rule == .plain || rule == .url else { return false }
                for earlier in 0..<number where attributes[earlier].name.key == key { return false }
                guard let value = attribute.value else {
                    guard rule == .plain else { return false }
                    expected = attribute.name.range.upperBound
                    continue
                }
                guard attribute.quote == UInt8(ascii: "\""), value.lowerBound == attribute.name.range.upperBound + 2,
                      Self.canonicalValueEnd(in: input, from: value.lowerBound, isURL: rule == .url) == value.upperBound
                else { return false }
                expected = value.upperBound + 1
            }
            if tag.isSelfClosing {
                // `<br />` and `<br/>` are both already fine for a void element.
                guard isVoid else { return false }
                return range.upperBound == expected + 2 || (range.upperBound == expected + 3 && bytes[expected] == 0x20)
            }
            return range.upperBound == expected + 1
        }

        /// Where the double-quoted value starting at `start` ends (its closing `"`) when it decodes
        /// and re-escapes to itself: no `<`, `>`, control characters, and every `&` written
        /// `&amp;`; URLs must also be absolute `http:`/`https:` with no spaces. Nil otherwise, and
        /// when no `"` closes it. Eight bytes a step: a value is nearly always fine up to its end.
        private static func canonicalValueEnd(in input: UnsafeBufferPointer<UInt8>, from start: Int, isURL: Bool) -> Int? {
            let bytes = input.baseAddress!
            let count = input.count
            guard isURL else { return canonicalTextEnd(in: input, from: start, allowsSpace: true) }
            guard start + 5 < count, bytes[start] == UInt8(ascii: "h"), bytes[start + 1] == UInt8(ascii: "t"),
                  bytes[start + 2] == UInt8(ascii: "t"), bytes[start + 3] == UInt8(ascii: "p") else { return nil }
            let afterScheme = bytes[start + 4] == UInt8(ascii: "s") ? start + 5 : start + 4
            guard bytes[afterScheme] == UInt8(ascii: ":"),
                  let end = canonicalTextEnd(in: input, from: start, allowsSpace: false), end - start > 7
            else { return nil }
            return end
        }

        /// The same for a URL written as an absolute path (`/img/1.png`): no spaces either.
        private static func canonicalPathEnd(in input: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
            guard start < input.count, input[start] == UInt8(ascii: "/") else { return nil }
            return canonicalTextEnd(in: input, from: start, allowsSpace: false)
        }

        /// The scan both share: the index of the closing `"` when every byte before it is
        /// canonical, spaces included only with `allowsSpace`.
        @inline(__always)
        private static func canonicalTextEnd(in input: UnsafeBufferPointer<UInt8>, from start: Int, allowsSpace: Bool) -> Int? {
            let bytes = input.baseAddress!
            let count = input.count
            let base = UnsafeRawPointer(bytes)
            var index = start
            while index < count {
                if index + 8 <= count {
                    let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    let flags = attentionFlags(word, orSpace: !allowsSpace) | quoteFlags(word)
                    if flags == 0 {
                        index &+= 8
                        continue
                    }
                    // The lowest flag is exact (see `attentionFlags`).
                    index &+= flags.trailingZeroBitCount >> 3
                }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") { return index }
                if byte != 0x7F, byte > UInt8(ascii: ">") || (byte > 0x20 && byte != UInt8(ascii: "&") && byte != UInt8(ascii: "<") && byte != UInt8(ascii: ">")) {
                    index &+= 1
                    continue
                }
                if byte == UInt8(ascii: "&") {
                    guard index + 4 < count, bytes[index + 1] == UInt8(ascii: "a"), bytes[index + 2] == UInt8(ascii: "m"),
                          bytes[index + 3] == UInt8(ascii: "p"), bytes[index + 4] == UInt8(ascii: ";") else { return nil }
                    index &+= 5
                    continue
                }
                if byte == 0x20, allowsSpace {
                    index &+= 1
                    continue
                }
                return nil
            }
            return nil
        }

        private mutating func appendEndTag(_ key: NameKey) {
            scratch.append(UInt8(ascii: "<"))
            scratch.append(UInt8(ascii: "/"))
            appendName(key)
            scratch.append(UInt8(ascii: ">"))
        }

        /// Appends a name to `scratch`: inside SVG with its mixed-case spelling (`viewBox`).
        private mutating func appendName(_ key: NameKey) {
            if foreignContent == nil, !key.isLong { key.append(to: &scratch) } else { HTMLSanitizer.appendName(key, to: &scratch) }
        }

        /// True inside SVG for a name written in mixed case there (`viewBox`): its lower-case
        /// form is not yet canonical.
        @inline(__always)
        private func isSpelledOtherwise(_ key: NameKey?) -> Bool {
            guard foreignContent != nil, let key else { return false }
            return key.isLong || HTMLSanitizer.mixedCaseSpellingTable.value(for: key) != 0
        }

        /// Removes the innermost open element, leaving SVG or MathML when it was their root.
        private mutating func popOpenElement() {
            openElements.removeLast()
            if foreignContent != nil, openElements.count <= foreignBaseDepth { foreignContent = nil }
        }

        /// Writes the end tag of the innermost open element and removes it.
        private mutating func closeInnermost() {
            appendEndTag(openElements.last!)
            popOpenElement()
        }

        private mutating func endTag(at index: Int) -> Int {
            guard let tag = readTag(at: index, nameStart: index + 2) else {
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
        private mutating func innermostEndTagEnd(at index: Int) -> Int? {
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

        private mutating func closeAll(at end: Int) {
            guard !openElements.isEmpty else { return }
            scratch.removeAll(keepingCapacity: true)
            while !openElements.isEmpty { closeInnermost() }
            var rendered: [UInt8] = []
            swap(&rendered, &scratch)
            replace(end..<end, with: rendered)
            swap(&rendered, &scratch)
        }

        // MARK: Attributes

        private mutating func appendAttributes() {
            // Sized once per pass, like `scratch`.
            if emittedAttributeNames.capacity == 0 {
                emittedAttributeNames.reserveCapacity(8)
                value.reserveCapacity(128)
            }
            emittedAttributeNames.removeAll(keepingCapacity: true)
            for number in 0..<attributes.count {
                let attribute = attributes[number]
                guard let key = attribute.name.key, case let rule = attributeRule(key), rule != .dropped,
                      !emittedAttributeNames.contains(key)
                else { continue }
                emittedAttributeNames.append(key)
                guard let valueRange = attribute.value else {
                    if rule == .plain {
                        scratch.append(0x20)
                        appendName(key)
                    }
                    continue
                }
                value.removeAll(keepingCapacity: true)
                decodeAttributeValue(valueRange)
                let cleaned: [UInt8]?
                switch rule {
                case .dropped: cleaned = nil
                case .plain: cleaned = value
                case .url where foreignContent != nil && value.first == UInt8(ascii: "#"):
                    cleaned = value  // `use`, `a` in SVG: a reference within the document stays one
                case .url:
                    appendURLAttribute(key)
                    continue
                case .srcset: cleaned = HTMLSanitizer.cleanSrcset(value, base: base(), paths: paths)
                case .usemap: cleaned = value.first == UInt8(ascii: "#") ? value : nil
                case .style: cleaned = HTMLSanitizer.cleanStyle(value, inSVG: foreignContent == .svg)
                case .paint: cleaned = HTMLSanitizer.cleanPaint(value)
                }
                guard let cleaned else { continue }
                appendAttribute(key, cleaned)
            }
        }

        /// ` name="value"`, the value escaped.
        private mutating func appendAttribute(_ key: NameKey, _ value: [UInt8]) {
            scratch.append(0x20)
            appendName(key)
            scratch.append(UInt8(ascii: "="))
            scratch.append(UInt8(ascii: "\""))
            value.withUnsafeBufferPointer { HTMLSanitizer.appendEscapedText($0, to: &scratch, escapingQuotes: true, paths: paths) }
            scratch.append(UInt8(ascii: "\""))
        }

        /// A URL attribute whose value is in `value`, cleaned into `url`, which is kept from tag to
        /// tag: a new array per URL was an allocation for the relative `img` of most items.
        private mutating func appendURLAttribute(_ key: NameKey) {
            let base = base()
            var cleaned: [UInt8] = []
            swap(&cleaned, &url)
            cleaned.removeAll(keepingCapacity: true)
            if value.withUnsafeBufferPointer({ HTMLSanitizer.cleanURL($0, base: base, into: &cleaned, paths: paths) }) {
                appendAttribute(key, cleaned)
            }
            swap(&cleaned, &url)
        }

        /// Decodes character references in an attribute value into `value`; drops NUL.
        private mutating func decodeAttributeValue(_ range: Range<Int>) {
            var index = range.lowerBound
            var runStart = index
            let slice = UnsafeBufferPointer(rebasing: input[..<range.upperBound])
            // Bytes other than `&` and NUL are copied a run at a time: appending them one by one
            // paid a uniqueness check per byte of every attribute kept.
            while index < range.upperBound {
                let byte = bytes[index]
                guard byte == UInt8(ascii: "&") || byte == 0 else {
                    index &+= 1
                    continue
                }
                appendValueBytes(runStart..<index)
                if byte == UInt8(ascii: "&"),
                   let reference = CharacterReference.decode(in: slice, at: index, inAttribute: true, into: &value)
                {
                    index = reference.end
                } else {
                    if byte != 0 { value.append(byte) }
                    index &+= 1
                }
                runStart = index
            }
            appendValueBytes(runStart..<index)
        }

        private mutating func appendValueBytes(_ range: Range<Int>) {
            guard !range.isEmpty else { return }
            value.append(contentsOf: UnsafeBufferPointer(rebasing: input[range]))
        }
    }
}
