extension HTMLSanitizer {
    /// A stack in memory the caller provides (the sanitiser uses stack-allocated scratch space),
    /// so that a sanitising run allocates nothing for its bookkeeping. Appending to a full stack
    /// fails instead of growing: the sanitiser's limits are part of its design.
    struct FixedStack<Element> {
        private let storage: UnsafeMutableBufferPointer<Element>
        private(set) var count = 0

        init(_ storage: UnsafeMutableBufferPointer<Element>) {
            self.storage = storage
        }

        var capacity: Int { storage.count }
        var isEmpty: Bool { count == 0 }
        var isFull: Bool { count == storage.count }
        var last: Element? { count > 0 ? storage[count - 1] : nil }

        subscript(index: Int) -> Element { storage[index] }

        /// Appends `element`; false (and nothing stored) when the stack is full.
        @discardableResult
        mutating func append(_ element: Element) -> Bool {
            guard count < storage.count else { return false }
            (storage.baseAddress! + count).initialize(to: element)
            count += 1
            return true
        }

        @discardableResult
        mutating func removeLast() -> Element {
            count -= 1
            return (storage.baseAddress! + count).move()
        }

        mutating func removeAll() {
            if count > 0 { storage.baseAddress!.deinitialize(count: count) }
            count = 0
        }
    }
}

extension HTMLSanitizer.FixedStack where Element == HTMLSanitizer.NameKey {
    /// Index of the innermost `key`, searching from the top.
    func lastIndex(of key: Element) -> Int? {
        var index = count - 1
        while index >= 0 {
            if self[index] == key { return index }
            index -= 1
        }
        return nil
    }
}
