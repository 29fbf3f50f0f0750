@testable import Configuration
import Foundation
import Testing

/// Configs written as newsboat users write them (from newsboat's documentation and what its
/// users share): each must load without a single warning, and a file with real mistakes must
/// still warn about each, with its line number.
@Suite struct NewsboatCorpusTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The corpus's configs; `included/` holds files they include.
    static let configs: [URL] = {
        let directory = fixtures.appendingPathComponent("newsboat-configs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0 != "included" }.sorted().map { directory.appendingPathComponent($0) }
    }()

    @Test func theCorpusHasThirtyConfigsAtLeast() {
        #expect(Self.configs.count >= 30)
    }

    @Test(arguments: configs)
    func loadsWithoutAWarning(_ file: URL) throws {
        let config = try Config.load(from: file)
        #expect(config.warnings.isEmpty, "\(file.lastPathComponent): \(config.warnings.map(\.description))")
        #expect(!config.directives.isEmpty)
    }

    @Test func aFileWithRealMistakesWarnsAboutEachWithItsLine() throws {
        let config = try Config.load(from: Self.fixtures.appendingPathComponent("newsboat-mistakes/config"))
        // Line 4's unclosed quote is read as newsboat reads it, without a word (issue 45 §17):
        // its browser is `firefox %u`.
        #expect(config.warnings.map(\.line) == [2, 3, 5, 6, 8, 9, 10, 11])
        #expect(config[\.browser] == "firefox %u")
        #expect(config.warnings.map(\.message).allSatisfy { !$0.isEmpty })
        #expect(!config[\.showReadFeeds], "the good line between them applies")
    }
}
