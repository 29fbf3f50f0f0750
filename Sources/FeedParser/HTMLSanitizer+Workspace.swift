extension HTMLSanitizer {
    /// The scratch arrays of a sanitising run, kept by a caller that sanitises many documents
    /// (the feed builder, once per item) and lent to each run: allocating and freeing five arrays
    /// per document cost a few per cent of parsing a feed.
    struct Workspace {
        var pending: [UInt8] = []
        var scratch: [UInt8] = []
        var value: [UInt8] = []
        var url: [UInt8] = []
        var attributeNames: [NameKey] = []
        /// Memory for the open-element and attribute stacks. Taking it for every document from
        /// `withUnsafeTemporaryAllocation` cost two `malloc`s and `free`s per item (8 KB is more
        /// than it puts on the stack) and a copy of the whole pass out of its closures.
        private var stacks = StackSpace()

        /// The stacks' memory, for one run. A copy of a workspace shares it until then: the first
        /// run of a copy gets memory of its own, as arrays would.
        mutating func uniqueStackSpace() -> StackSpace {
            if !isKnownUniquelyReferenced(&stacks) { stacks = StackSpace() }
            return stacks
        }

        /// Fixed blocks for the sanitiser's two `FixedStack`s, and the bits that mark where in a
        /// document text needs attention (`tidings_html_attention`), freed with the last
        /// workspace that holds them. Their elements are trivial: nothing needs deinitialising.
        final class StackSpace {
            let elements = UnsafeMutableBufferPointer<NameKey>.allocate(capacity: HTMLSanitizer.maximumDepth)
            let attributes = UnsafeMutableBufferPointer<AttributeToken>.allocate(
                capacity: HTMLSanitizer.maximumAttributes)
            private var attention = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: 64)

            /// Room for the attention bits of a document of `count` bytes: one word per 64 bytes,
            /// kept for the next document (an eighth of the largest one's size, 512 KB at most
            /// under the parser's field limit).
            func attentionWords(forByteCount count: Int) -> UnsafeMutablePointer<UInt64> {
                let words = (count + 63) >> 6
                if words > attention.count {
                    attention.deallocate()
                    attention = .allocate(capacity: max(words, attention.count * 2))
                }
                return attention.baseAddress!
            }

            deinit {
                elements.deallocate()
                attributes.deallocate()
                attention.deallocate()
            }
        }

        /// Readies the arrays for the next run; one that a huge document made large is let go.
        /// Only `pending` is emptied: a run appends to it from its first change. The pass empties
        /// the others itself wherever it begins to use one, as it must anyway to reuse them from
        /// tag to tag, and emptying them here too cost ~100 instructions each per item.
        mutating func clear() {
            Self.releaseIfLarge(&pending)
            pending.removeAll(keepingCapacity: true)
            Self.releaseIfLarge(&scratch)
            Self.releaseIfLarge(&value)
            Self.releaseIfLarge(&url)
            Self.releaseIfLarge(&attributeNames)
        }

        private static let maximumKeptCapacity = 1 << 20

        private static func releaseIfLarge<Element>(_ array: inout [Element]) {
            if array.capacity > maximumKeptCapacity { array = [] }
        }
    }
}
