import Configuration
import Foundation
import Testing

/// The README's table of options is made from the declarations (`OptionTable.readmeLines`):
/// each section's lines stand between `<!-- options: SECTION -->` and `<!-- end of options -->`.
/// `RECORD_README=1 swift test --filter OptionReadmeTests` writes them after a declaration
/// changes, as the parser's golden files are recorded.
@Suite struct OptionReadmeTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../README.md")

    @Test func everySectionOfTheREADMEIsTheDeclarations() throws {
        var text = try String(contentsOf: Self.readme, encoding: .utf8)
        let recording = ProcessInfo.processInfo.environment["RECORD_README"] != nil
        for section in ConfigSection.allCases {
            let start = "<!-- options: \(section.rawValue) -->\n"
            let end = "\n<!-- end of options -->"
            guard let opening = text.range(of: start), let closing = text.range(of: end, range: opening.upperBound..<text.endIndex) else {
                Issue.record("README has no block for \(section.rawValue)")
                continue
            }
            let expected = OptionTable.readmeLines(of: section).joined(separator: "\n")
            if recording {
                text.replaceSubrange(opening.upperBound..<closing.lowerBound, with: expected)
            } else {
                #expect(String(text[opening.upperBound..<closing.lowerBound]) == expected, "\(section.rawValue): RECORD_README=1 writes it")
            }
        }
        if recording { try text.write(to: Self.readme, atomically: true, encoding: .utf8) }
    }

    @Test func everyOptionAndCommandIsInASectionTheREADMEHas() {
        let listed = Set(ConfigSection.allCases.flatMap { OptionTable.readmeLines(of: $0) }.joined(separator: "\n")
            .split(whereSeparator: { $0 == "`" }).map(String.init))
        for option in OptionTable.all {
            let prefix = option.name.split(separator: "-", maxSplits: 1).first.map(String.init) ?? ""
            let suffix = "-" + option.name.dropFirst(prefix.count + 1)
            #expect(listed.contains(option.name) || listed.contains(suffix), "\(option.name)")
        }
        for command in OptionTable.commands { #expect(listed.contains(command.name), "\(command.name)") }
    }
}
