/// Words looked for anywhere in a line's UTF-8 bytes, ASCII letters without case, bucketed by
/// their first byte: one pass over the line tries at each position only the words that can start
/// there. `ArticleFurnitureText` asks several lists of every short paragraph; a search per word
/// cost a sixth of an extraction.
struct WordList {
    private let buckets: [[[UInt8]]]

    /// `words` in lower case (non-ASCII bytes as they are).
    init(_ words: [String]) {
        var buckets = [[[UInt8]]](repeating: [], count: 256)
        for word in words where !word.isEmpty {
            let bytes = Array(word.utf8)
            buckets[Int(bytes[0])].append(bytes)
        }
        self.buckets = buckets
    }

    /// How many of the words `line` holds (each counted once), stopping at `limit`.
    func count(in line: [UInt8], limit: Int = .max) -> Int {
        var found: [[UInt8]] = []
        for start in line.indices {
            for word in buckets[Int(HintSet.lowered(line[start]))] where start + word.count <= line.count {
                var offset = 1
                while offset < word.count, HintSet.lowered(line[start + offset]) == word[offset] { offset += 1 }
                guard offset == word.count, !found.contains(word) else { continue }
                found.append(word)
                if found.count >= limit { return found.count }
            }
        }
        return found.count
    }

    /// Whether `line` holds one of the words.
    func isFound(in line: [UInt8]) -> Bool { count(in: line, limit: 1) > 0 }
}
