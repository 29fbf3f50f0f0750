import ArticleExtraction
import Foundation
import Testing

/// Word-level precision, recall and F1 of the extractor on a corpus the repository does not hold
/// (a published extraction benchmark, kept outside it): `TIDINGS_EXTRACTION_CORPUS` names a
/// folder of `NAME.html` pages, each with its expected text in `NAME.txt` and, optionally, its
/// address in `NAME.url`. Without the variable the test is skipped.
///
/// The pages are split into two halves by a hash of their names, fixed before any change: the
/// tuning half may be read while changing the extractor, the held-out half is only measured.
/// Both print the mean of the pages' figures and the pooled one, and the pages refused; the
/// figures of every page go to `extraction-report.txt` in the corpus folder. Each half, and the
/// whole corpus, is also measured as the benchmark itself measures (`ShingleOverlap`), the figure
/// to compare with its published ones.
@Suite struct CorpusQualityTests {
    static let corpus = ProcessInfo.processInfo.environment["TIDINGS_EXTRACTION_CORPUS"].map { URL(fileURLWithPath: $0) }

    @Test(.enabled(if: corpus != nil, "TIDINGS_EXTRACTION_CORPUS names no corpus"))
    func corpusFigures() throws {
        let directory = try #require(Self.corpus)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".html") }.map { String($0.dropLast(5)) }.sorted()
        var report: [String] = []
        var everyShingleOverlap: [ShingleOverlap] = []
        for (set, isTuning) in [("tuning", true), ("held-out", false)] {
            var overlaps: [TokenOverlap] = []
            var shingleOverlaps: [ShingleOverlap] = []
            var refused: [String] = []
            for name in names where Self.isTuning(name) == isTuning {
                let page = try Data(contentsOf: directory.appendingPathComponent("\(name).html"))
                let expected = try String(contentsOf: directory.appendingPathComponent("\(name).txt"), encoding: .utf8)
                let address = (try? String(contentsOf: directory.appendingPathComponent("\(name).url"), encoding: .utf8))
                    .flatMap { URL(string: $0.trimmingCharacters(in: .whitespacesAndNewlines)) }
                var text = ""
                do {
                    text = try ArticleExtractor.extract(html: page, baseURL: address).text
                } catch {
                    refused.append(name)
                }
                let overlap = TokenOverlap(extracted: text, expected: expected)
                overlaps.append(overlap)
                shingleOverlaps.append(ShingleOverlap(extracted: text, expected: expected))
                report.append("\(set) \(name) " + Self.figures(overlap.precision, overlap.recall, overlap.f1)
                              + (refused.last == name ? " REFUSED" : ""))
            }
            let count = Double(max(overlaps.count, 1))
            let mean = (overlaps.map(\.precision).reduce(0, +) / count, overlaps.map(\.recall).reduce(0, +) / count,
                        overlaps.map(\.f1).reduce(0, +) / count)
            let pooled = TokenOverlap(pooling: overlaps)
            let summary = "\(set): \(overlaps.count) pages, \(refused.count) refused; mean "
                + Self.figures(mean.0, mean.1, mean.2) + "; pooled " + Self.figures(pooled.precision, pooled.recall, pooled.f1)
            print(summary)
            report.insert(summary, at: 0)
            print(Self.benchmarkSummary(set, shingleOverlaps))
            everyShingleOverlap += shingleOverlaps
        }
        let whole = Self.benchmarkSummary("all", everyShingleOverlap)
        print(whole)
        report.insert(whole, at: 0)
        try report.joined(separator: "\n").write(to: directory.appendingPathComponent("extraction-report.txt"),
                                                 atomically: true, encoding: .utf8)
    }

    /// The half a page belongs to, by its name's bytes (FNV-1a): stable across runs and machines.
    static func isTuning(_ name: String) -> Bool {
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return hash % 2 == 0
    }

    private static func benchmarkSummary(_ set: String, _ pages: [ShingleOverlap]) -> String {
        let figures = ShingleOverlap.figures(pages)
        return "\(set): \(pages.count) pages, the benchmark's measure (4-word shingles, means): "
            + Self.figures(figures.precision, figures.recall, figures.f1)
    }

    private static func figures(_ precision: Double, _ recall: Double, _ f1: Double) -> String {
        String(format: "precision %.3f recall %.3f F1 %.3f", precision, recall, f1)
    }
}
