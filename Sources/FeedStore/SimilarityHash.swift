import Foundation
import HTMLText

/// A 64-bit fingerprint of an article's text under which near-duplicate texts differ in few bits
/// (Charikar's simhash over three-word shingles): two copies of a wire story that one site
/// re-titled and trimmed by a sentence come out a few bits apart, unrelated texts about thirty.
///
/// Computed once, as an article is prepared for storing with `fold-near-duplicates` on
/// (`PreparedFeed`); comparing two is one XOR and a population count.
///
/// ```swift
/// let a = SimilarityHash.of(html: first), b = SimilarityHash.of(html: second)
/// if let a, let b, SimilarityHash.areNear(a, b) { … }
/// ```
enum SimilarityHash {
    /// Bits two fingerprints may differ in and still be one story: texts whose shingles are
    /// about nine in ten the same (cosine 0.94). Unrelated texts differ in 32 bits on average;
    /// 7 or fewer by chance once in 10¹⁰ pairs.
    static let maximumDistance = 7
    /// Shingles a text needs for its fingerprint to mean something: shorter texts (a one-line
    /// summary) share too little to be told apart from a coincidence.
    static let minimumShingles = 24
    /// Characters of text read: enough to know a story, and the cost stays bounded.
    static let characterLimit = 20_000

    /// The fingerprint of an article's HTML text, nil when it has too few words.
    static func of(html: String?) -> Int64? {
        guard let html, !html.isEmpty else { return nil }
        let text = ListText.folded(PlainHTMLText.text(html, .excerpt(limit: characterLimit)))
        var wordHashes: [UInt64] = []
        for word in text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }) {
            wordHashes.append(ItemKey.digest(String(word)))
        }
        guard wordHashes.count >= minimumShingles + 2 else { return nil }
        var weights = [Int](repeating: 0, count: 64)
        for index in 2..<wordHashes.count {
            let shingle = mix(wordHashes[index - 2] &+ mix(wordHashes[index - 1] &+ mix(wordHashes[index])))
            for bit in 0..<64 {
                weights[bit] += (shingle >> UInt64(bit)) & 1 == 1 ? 1 : -1
            }
        }
        var fingerprint: UInt64 = 0
        for bit in 0..<64 where weights[bit] > 0 { fingerprint |= 1 << UInt64(bit) }
        return Int64(bitPattern: fingerprint)
    }

    /// Whether two fingerprints are of near-duplicate texts.
    static func areNear(_ first: Int64, _ second: Int64) -> Bool {
        (first ^ second).nonzeroBitCount <= maximumDistance
    }

    /// SplitMix64's finaliser: every bit of the input reaches every bit of the output, so
    /// that the three words' order counts.
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension SimilarityHash {
    /// The fingerprint's eight 8-bit bands: two fingerprints at most `maximumDistance` (7) bits
    /// apart are equal in at least one of them, so an index on each finds every near-duplicate.
    static let bands = 0..<8

    /// Band `band` of `item.similarityHash` in SQL, as the indexes of migration v13 are made.
    static func bandSQL(_ band: Int) -> String {
        "((similarityHash >> \(8 * band)) & 255)"
    }

    /// Band `band` of `hash`, as `bandSQL` computes it.
    static func band(_ band: Int, of hash: Int64) -> Int64 {
        (hash >> Int64(8 * band)) & 255
    }
}
