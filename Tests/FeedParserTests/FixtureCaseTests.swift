import FeedModel
import FeedParser
import Foundation
import Testing

/// Every fixture under `Fixtures/cases` is a feed document (`NAME.xml` or `NAME.json`) with a
/// `NAME.expect` file beside it: optional `@url URL`, `@charset NAME`, `@fallback`, `@error` lines,
/// then `path = JSON` (exact) or `path ~ "text"` (contains) checks against the `tidings parse` JSON.
enum FixtureCases {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/cases")

    static var names: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".expect") }.map { String($0.dropLast(".expect".count)) }.sorted()
    }

    struct Expectation {
        var url: URL?
        var charset: String?
        var expectsError = false
        var expectsFallback = false
        var checks: [(path: String, isContains: Bool, json: String)] = []
    }

    static func expectation(named name: String) throws -> Expectation {
        let text = try String(contentsOf: directory.appendingPathComponent(name + ".expect"), encoding: .utf8)
        var result = Expectation()
        for line in text.split(separator: "\n").map(String.init) where !line.isEmpty {
            if line.hasPrefix("@url ") { result.url = URL(string: String(line.dropFirst(5))) }
            else if line.hasPrefix("@charset ") { result.charset = String(line.dropFirst(9)) }
            else if line == "@error" { result.expectsError = true }
            else if line == "@fallback" { result.expectsFallback = true }
            else if let range = line.range(of: " = ") ?? line.range(of: " ~ ") {
                result.checks.append((String(line[..<range.lowerBound]), line[range] == " ~ ", String(line[range.upperBound...])))
            }
        }
        return result
    }

    static func document(named name: String) throws -> Data {
        for ext in ["xml", "json"] {
            let url = directory.appendingPathComponent(name + "." + ext)
            if FileManager.default.fileExists(atPath: url.path) { return try Data(contentsOf: url) }
        }
        throw CocoaError(.fileNoSuchFile)
    }

    /// The value at a dotted path (`items.0.title`); NSNull when absent.
    static func value(at path: String, in root: Any) -> Any {
        var current: Any = root
        for component in path.split(separator: ".") {
            if let index = Int(component), let array = current as? [Any] {
                guard index < array.count else { return NSNull() }
                current = array[index]
            } else if let object = current as? [String: Any], let next = object[String(component)] {
                current = next
            } else {
                return NSNull()
            }
        }
        return current
    }

    static func canonical(_ value: Any) -> String {
        let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "?"
    }
}

@Test(arguments: FixtureCases.names)
func fixtureCase(_ name: String) throws {
    let expectation = try FixtureCases.expectation(named: name)
    let data = try FixtureCases.document(named: name)
    if expectation.expectsError {
        #expect(throws: FeedParserError.self) { try FeedParser.parse(data, url: expectation.url, charset: expectation.charset) }
        return
    }
    let feed = try FeedParser.parse(data, url: expectation.url, charset: expectation.charset)
    #expect(feed.hadEncodingFallback == expectation.expectsFallback, "hadEncodingFallback")
    let json = FeedJSON.encode(feed)
    let root = try JSONSerialization.jsonObject(with: Data(json.utf8))
    for check in expectation.checks {
        let actual = FixtureCases.value(at: check.path, in: root)
        let expected = try JSONSerialization.jsonObject(with: Data(check.json.utf8), options: .fragmentsAllowed)
        if check.isContains {
            let text = actual as? String ?? ""
            #expect(text.contains(expected as? String ?? "\u{0}"), "\(check.path): \(text) should contain \(check.json)")
        } else {
            #expect(FixtureCases.canonical(actual) == FixtureCases.canonical(expected), "\(check.path)")
        }
    }
}
