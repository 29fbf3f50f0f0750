import Foundation
import Glibc

/// A POSIX extended regular expression compiled by glibc, matched case-insensitively anywhere
/// in the text, as newsboat's `=~` does.
///
/// Compiled once: the parser compiles each pattern to reject a bad one, and the SQL function
/// `tidings_regexp(text, pattern)` keeps the patterns it has compiled (see `sqlFunction()`).
/// A compiled `regex_t` may be used by several threads at once (POSIX), hence `Sendable`.
public final class FilterRegex: @unchecked Sendable {
    private var compiled = regex_t()
    /// The pattern when it is plain ASCII text with no special character, perhaps after a `^`
    /// (most killfile patterns: `=~ "sponsored"`, `=~ "^Sponsored"`): matched as a substring
    /// (a prefix), ignoring ASCII case, which is what SQLite's LIKE does, so that SQL can use
    /// LIKE instead of calling back into Swift for every article (see `FilterExpression+SQL`).
    package let literal: PlainPattern?

    /// A pattern that is plain text.
    package struct PlainPattern {
        /// The text as written, without the `^`.
        package var text: String
        /// Its bytes in ASCII lower case.
        package var lowered: [UInt8]
        /// True when it began with `^`: the text must start with it.
        package var isAnchored: Bool

        /// The LIKE pattern that matches the same texts.
        package var likePattern: String { isAnchored ? text + "%" : "%" + text + "%" }
    }

    /// Compiles `pattern`; throws glibc's description of what is wrong with it.
    ///
    /// - Parameter findsPositions: compile for `ranges(in:)` (highlights) rather than for a yes
    ///   or no alone.
    public init(_ pattern: String, findsPositions: Bool = false) throws(FilterRegexError) {
        literal = FilterRegex.literal(of: pattern)
        let flags = REG_EXTENDED | REG_ICASE | (findsPositions ? 0 : REG_NOSUB)
        let status = Self.inUTF8 { regcomp(&compiled, pattern, flags) }
        guard status == 0 else {
            var buffer = [CChar](repeating: 0, count: 256)
            regerror(status, &compiled, &buffer, buffer.count)
            regfree(&compiled)
            throw FilterRegexError(reason: String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
    }

    deinit { regfree(&compiled) }

    /// True when the expression matches somewhere in `text`.
    public func matches(_ text: String) -> Bool {
        if let literal {
            let lowered = text.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
            if literal.isAnchored { return lowered.starts(with: literal.lowered) }
            return literal.lowered.isEmpty || lowered.firstRange(of: literal.lowered) != nil
        }
        return Self.inUTF8 { regexec(&compiled, text, 0, nil, 0) == 0 }
    }

    /// Where the expression matches in `text`, as ranges of UTF-8 offsets, left to right and
    /// not overlapping; an empty match is skipped. Needs `findsPositions`.
    public func ranges(in text: String) -> [Range<Int>] {
        let bytes = Array(text.utf8)
        var found: [Range<Int>] = []
        var start = 0
        Self.inUTF8 {
            text.withCString { base in
                while start < bytes.count {
                    var match = regmatch_t()
                    let flags = start > 0 ? REG_NOTBOL : 0
                    guard regexec(&compiled, base + start, 1, &match, flags) == 0, match.rm_so >= 0 else { return }
                    let lower = start + Int(match.rm_so), upper = start + Int(match.rm_eo)
                    if upper > lower { found.append(lower..<upper) }
                    start = max(upper, lower + 1)
                }
            }
        }
        return found
    }

    /// Characters that are themselves in an extended regular expression and in a LIKE pattern.
    private static let plainCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -:,/'\"!@#=<>~&;".utf8)

    /// `pattern` as plain text (after a `^`), or nil when it is a regular expression.
    package static func literal(of pattern: String) -> PlainPattern? {
        let isAnchored = pattern.hasPrefix("^")
        let text = isAnchored ? String(pattern.dropFirst()) : pattern
        let bytes = Array(text.utf8)
        guard bytes.allSatisfy(plainCharacters.contains) else { return nil }
        return PlainPattern(text: text, lowered: bytes.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, isAnchored: isAnchored)
    }

    /// glibc's regular expressions read text in the thread's `LC_CTYPE`: in the "C" locale
    /// (`tidings reload` from cron, tests) `É` would be two bytes that `é` does not match
    /// case-insensitively. Every compile and match runs in C.UTF-8, set for this thread only.
    /// Created once and never changed or freed; `uselocale` only reads it.
    nonisolated(unsafe) private static let utf8Locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil)

    private static func inUTF8<T>(_ body: () -> T) -> T {
        guard let utf8Locale else { return body() }
        let previous = uselocale(utf8Locale)
        defer { uselocale(previous) }
        return body()
    }
}

/// Why a regular expression could not be compiled.
public struct FilterRegexError: Error, Sendable, Equatable {
    public var reason: String
}
