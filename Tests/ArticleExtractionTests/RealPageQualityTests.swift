import ArticleExtraction
import Foundation
import Testing

/// Word-level precision, recall and F1 of the extractor on real article pages, saved from news
/// sites in eight languages (`Fixtures/RealPages`, whose README says where they come from and how
/// their expected texts were made).
///
/// The pages are split once, by name, into two sets. Changes to the extractor were tuned on
/// `tuningPages` only; `heldOutPages` measures them on pages the tuning never looked at, so that
/// its figure says how the extractor does on pages nobody fitted it to. Both sets print each
/// page's figures and the overall ones: the mean of the pages' figures (each page weighs the
/// same) and the pooled one (all words of the set as one text).
@Suite struct RealPageQualityTests {
    static let directory = ExtractionQualityTests.directory.appendingPathComponent("RealPages")

    static let tuningPages = [
        "arabic-article", "article-with-br", "chinese-article", "cleveland", "cnn-001", "cnn-article",
        "fox13now-001", "japanese-article2", "latvian-article", "spanish-article", "wired-001",
    ]

    static let heldOutPages = [
        "burmese-article", "chinese-article-001", "chinese-article-002", "cnn-002", "cnn-test-nlp",
        "japanese-article", "thai-article", "time-001", "video-article-02", "yna-co-kr",
    ]

    /// The mean F1 that each set must reach, and the F1 below which no single page may fall.
    static let minimumMeanF1 = 0.97
    static let minimumPageF1 = 0.85

    @Test func tuningSet() throws {
        try measure(Self.tuningPages, set: "tuning")
    }

    @Test func heldOutSet() throws {
        try measure(Self.heldOutPages, set: "held-out")
    }

    private func measure(_ names: [String], set: String) throws {
        var overlaps: [TokenOverlap] = []
        for name in names {
            let html = try Data(contentsOf: Self.directory.appendingPathComponent("\(name).html"))
            let expected = try String(contentsOf: Self.directory.appendingPathComponent("\(name).txt"), encoding: .utf8)
            let text: String
            do {
                text = try ArticleExtractor.extract(html: html).text
            } catch {
                Issue.record("\(set) page \(name): \(error)")
                text = ""
            }
            let overlap = TokenOverlap(extracted: text, expected: expected)
            overlaps.append(overlap)
            print("\(set) page \(name): \(Self.figures(overlap.precision, overlap.recall, overlap.f1))")
            #expect(overlap.f1 >= Self.minimumPageF1, "\(set) page \(name): F1 \(overlap.f1)")
        }
        let count = Double(overlaps.count)
        let meanPrecision = overlaps.map(\.precision).reduce(0, +) / count
        let meanRecall = overlaps.map(\.recall).reduce(0, +) / count
        let meanF1 = overlaps.map(\.f1).reduce(0, +) / count
        let pooled = TokenOverlap(pooling: overlaps)
        print("\(set) set, mean of \(overlaps.count) pages: \(Self.figures(meanPrecision, meanRecall, meanF1))")
        print("\(set) set, pooled words: \(Self.figures(pooled.precision, pooled.recall, pooled.f1))")
        #expect(meanF1 >= Self.minimumMeanF1, "\(set) set: mean F1 \(meanF1)")
    }

    private static func figures(_ precision: Double, _ recall: Double, _ f1: Double) -> String {
        func rounded(_ value: Double) -> String { String(format: "%.3f", value) }
        return "precision \(rounded(precision)) recall \(rounded(recall)) F1 \(rounded(f1))"
    }
}
