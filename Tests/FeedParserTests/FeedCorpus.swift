import FeedParser
import Foundation
import Testing

/// Every document the parser's tests hold — the fixture cases (with the URL and charset their
/// `.expect` file gives), the sample feeds of `Resources/samples` and the fuzz findings — and the
/// HTML of the sanitiser's fixtures: the corpus the golden outputs and the fast-path oracle run
/// over.
enum FeedCorpus {
    struct Document: CustomTestStringConvertible {
        /// The path under `Fixtures` (or `samples/NAME`), which names its golden output.
        var name: String
        var bytes: Data
        var url: URL?
        var charset: String?

        var testDescription: String { name }
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let samples = fixtures.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Resources/samples")

    static var feeds: [Document] {
        let cases = FixtureCases.names.compactMap { name -> Document? in
            guard let expectation = try? FixtureCases.expectation(named: name),
                  let bytes = try? FixtureCases.document(named: name) else { return nil }
            return Document(name: "cases/" + name, bytes: bytes, url: expectation.url, charset: expectation.charset)
        }
        let sampleFeeds = files(in: samples).map { Document(name: "samples/" + $0.lastPathComponent, bytes: read($0)) }
        // fuzz-feed's findings, without its three control bytes.
        let findings = files(in: fixtures.appendingPathComponent("fuzz")).filter { $0.lastPathComponent.hasPrefix("feed-") }
            .map { Document(name: "fuzz/" + $0.lastPathComponent, bytes: Data(read($0).dropFirst(3))) }
        return cases + sampleFeeds + findings
    }

    /// The sanitiser's fixtures and fuzz-sanitizer's findings (without its control byte), then
    /// every feed document read as HTML.
    static var html: [Document] {
        let sanitizer = files(in: fixtures.appendingPathComponent("sanitizer"))
            .map { Document(name: "sanitizer/" + $0.lastPathComponent, bytes: read($0)) }
        let findings = files(in: fixtures.appendingPathComponent("fuzz")).filter { $0.lastPathComponent.hasPrefix("sanitizer-") }
            .map { Document(name: "fuzz/" + $0.lastPathComponent, bytes: Data(read($0).dropFirst(1))) }
        return sanitizer + findings + feeds
    }

    private static func files(in directory: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().map { directory.appendingPathComponent($0) }
    }

    private static func read(_ file: URL) -> Data {
        (try? Data(contentsOf: file)) ?? Data()
    }
}
