import Foundation

/// `http-header "Name: value"`: request headers sent with a feed's download, one a line. The
/// option adds up: each line adds its header to those before it (the lines for every feed, then
/// the `feed-option` lines that select the feed), a header of the same name replacing the
/// earlier one.
///
///     http-header "Accept-Language: fr"
///     feed-option "https://api.example/feed" http-header "X-Key: k"
public struct HTTPHeaders: ConfigValue, Hashable, Sendable {
    /// `Name: value` each, in order.
    public var lines: [String]

    public init(_ lines: [String] = []) {
        self.lines = lines
    }

    public static func read(_ words: [String], for option: OptionFacts) throws(ConfigValueProblem) -> HTTPHeaders {
        let line = try oneWord(words)
        guard let colon = line.firstIndex(of: ":") else {
            throw .other("\(option.name) takes \"Name: value\", not \"\(Excerpt(line))\"; ignored")
        }
        let name = line[..<colon]
        // RFC 9110's token characters; nothing that could end the header or start another.
        let tokenCharacters = Set("!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        guard !name.isEmpty, name.allSatisfy(tokenCharacters.contains) else {
            throw .other("\(option.name): \"\(Excerpt(String(name)))\" is not a header name; ignored")
        }
        let value = line[line.index(after: colon)...]
        guard !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\t" }) else {
            throw .other("\(option.name): the value of \(name) holds a control character; ignored")
        }
        return HTTPHeaders(["\(name): \(value.trimmingCharacters(in: .whitespaces))"])
    }

    public var configText: String { lines.map(NewsboatTokenizer.quoteIfNeeded).joined(separator: " ") }

    public static func shape(for option: OptionFacts) -> String { "\"Name: value\"" }

    public static var addsUp: Bool { true }

    /// These headers after `earlier`'s: one named like an earlier one replaces it.
    public func adding(to earlier: HTTPHeaders) -> HTTPHeaders {
        let names = Set(lines.map(Self.name))
        return HTTPHeaders(earlier.lines.filter { !names.contains(Self.name(of: $0)) } + lines)
    }

    private static func name(of line: String) -> String {
        String(line.prefix { $0 != ":" }).lowercased()
    }
}
