/// Word-overlap precision and recall between an extracted text and the expected one, as
/// extraction benchmarks measure them: each text is a bag of lower-cased words, and a CJK
/// character counts as a word of its own (Japanese and Chinese have no spaces to split on).
struct TokenOverlap {
    /// Words of the extracted text that the expected text has too (each counted as often as
    /// both texts have it).
    var common: Int
    /// Words in the extracted text.
    var found: Int
    /// Words in the expected text.
    var wanted: Int

    var precision: Double { found == 0 ? 0 : Double(common) / Double(found) }
    var recall: Double { wanted == 0 ? 0 : Double(common) / Double(wanted) }

    var f1: Double { precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall) }

    init(extracted: String, expected: String) {
        let found = Self.counts(Self.tokens(extracted))
        let wanted = Self.counts(Self.tokens(expected))
        var common = 0
        for (token, count) in found { common += min(count, wanted[token] ?? 0) }
        self.common = common
        self.found = found.values.reduce(0, +)
        self.wanted = wanted.values.reduce(0, +)
    }

    /// The overlap of several pages taken as one text (a micro-average: long pages weigh more).
    init(pooling overlaps: [TokenOverlap]) {
        common = overlaps.reduce(0) { $0 + $1.common }
        found = overlaps.reduce(0) { $0 + $1.found }
        wanted = overlaps.reduce(0) { $0 + $1.wanted }
    }

    static func tokens(_ text: String) -> [String] {
        var result: [String] = []
        var word = ""
        for scalar in text.lowercased().unicodeScalars {
            if isCJK(scalar.value) {
                if !word.isEmpty { result.append(word) }
                word = ""
                result.append(String(scalar))
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                word.unicodeScalars.append(scalar)
            } else if !word.isEmpty {
                result.append(word)
                word = ""
            }
        }
        if !word.isEmpty { result.append(word) }
        return result
    }

    private static func counts(_ tokens: [String]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for token in tokens { counts[token, default: 0] += 1 }
        return counts
    }

    private static func isCJK(_ value: UInt32) -> Bool {
        (0x3040...0x30FF).contains(value) || (0x3400...0x4DBF).contains(value) || (0x4E00...0x9FFF).contains(value)
            || (0xF900...0xFAFF).contains(value) || (0xFF66...0xFF9F).contains(value)
    }
}
