/// The published article-extraction benchmark's own measure, so that its figures can be quoted
/// as it quotes them: a text is a sequence of `\w+` tokens (Python's: letters, digits and `_`,
/// case kept, a run of CJK one token), compared as a bag of four-token shingles. A page's true
/// positives, false positives and false negatives are normalised to sum to one, so that long
/// pages weigh no more than short ones; a set's precision and recall are the means of its pages',
/// and its F1 is taken from those two means.
struct ShingleOverlap {
    var truePositives: Double
    var falsePositives: Double
    var falseNegatives: Double

    init(extracted: String, expected: String) {
        let found = Self.shingles(extracted)
        let wanted = Self.shingles(expected)
        var truePositives = 0.0, falsePositives = 0.0, falseNegatives = 0.0
        for shingle in Set(found.keys).union(wanted.keys) {
            let foundCount = Double(found[shingle] ?? 0), wantedCount = Double(wanted[shingle] ?? 0)
            truePositives += min(foundCount, wantedCount)
            falsePositives += max(0, foundCount - wantedCount)
            falseNegatives += max(0, wantedCount - foundCount)
        }
        let sum = truePositives + falsePositives + falseNegatives
        let scale = sum > 0 ? 1 / sum : 1
        self.truePositives = truePositives * scale
        self.falsePositives = falsePositives * scale
        self.falseNegatives = falseNegatives * scale
    }

    /// 1 when the page has nothing wrong, as the benchmark scores an exact (or empty) answer.
    var precision: Double {
        if falsePositives == 0, falseNegatives == 0 { return 1 }
        return truePositives == 0 && falsePositives == 0 ? 0 : truePositives / (truePositives + falsePositives)
    }

    var recall: Double {
        if falsePositives == 0, falseNegatives == 0 { return 1 }
        return truePositives == 0 && falseNegatives == 0 ? 0 : truePositives / (truePositives + falseNegatives)
    }

    /// The benchmark's figures for a set of pages: mean precision (over pages that extracted
    /// something), mean recall (over pages that expect something), and the F1 of those means.
    static func figures(_ pages: [ShingleOverlap]) -> (precision: Double, recall: Double, f1: Double) {
        let precisions = pages.filter { $0.truePositives + $0.falsePositives > 0 }.map(\.precision)
        let recalls = pages.filter { $0.truePositives + $0.falseNegatives > 0 }.map(\.recall)
        let precision = precisions.isEmpty ? 0 : precisions.reduce(0, +) / Double(precisions.count)
        let recall = recalls.isEmpty ? 0 : recalls.reduce(0, +) / Double(recalls.count)
        return (precision, recall, precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall))
    }

    private static func shingles(_ text: String) -> [[String]: Int] {
        let tokens = Self.tokens(text)
        var counts: [[String]: Int] = [:]
        for start in 0..<max(1, tokens.count - 3) where start < tokens.count {
            counts[Array(tokens[start..<min(start + 4, tokens.count)]), default: 0] += 1
        }
        return counts
    }

    static func tokens(_ text: String) -> [String] {
        var result: [String] = []
        var word = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isWordScalar(scalar) {
                word.append(scalar)
            } else if !word.isEmpty {
                result.append(String(word))
                word = String.UnicodeScalarView()
            }
        }
        if !word.isEmpty { result.append(String(word)) }
        return result
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return scalar == "_"
        }
    }
}
