extension HTMLSanitizer {
    /// The scratch arrays of a sanitising run, kept by a caller that sanitises many documents
    /// (the feed builder, once per item) and lent to each run: allocating and freeing four arrays
    /// per document cost a few per cent of parsing a feed.
    struct Workspace {
        var pending: [UInt8] = []
        var scratch: [UInt8] = []
        var value: [UInt8] = []
        var attributeNames: [NameKey] = []

        /// Empties the arrays for the next run. One that a huge document made large is let go.
        mutating func clear() {
            Self.clear(&pending)
            Self.clear(&scratch)
            Self.clear(&value)
            Self.clear(&attributeNames)
        }

        private static let maximumKeptCapacity = 1 << 20

        private static func clear<Element>(_ array: inout [Element]) {
            if array.capacity > maximumKeptCapacity {
                array = []
            } else {
                array.removeAll(keepingCapacity: true)
            }
        }
    }
}
