import FilterLanguage
import Foundation
import GRDB

extension FilterRegex {
    /// `tidings_regexp(text, pattern)` for SQL: 1 when `text` matches, 0 otherwise (a NULL text
    /// is the empty text, and an invalid pattern matches nothing: the parser refuses those).
    /// Each connection gets its own function and so its own cache of compiled patterns.
    static func sqlFunction() -> DatabaseFunction {
        let cache = Cache()
        return DatabaseFunction("tidings_regexp", argumentCount: 2, pure: true) { values in
            guard let pattern = String.fromDatabaseValue(values[1]), let regex = cache.regex(pattern) else { return 0 }
            return regex.matches(String.fromDatabaseValue(values[0]) ?? "") ? 1 : 0
        }
    }

    /// Compiled patterns by their text. A connection is used by one thread at a time, but the
    /// function's closure must be `Sendable`, hence the lock.
    private final class Cache: @unchecked Sendable {
        private let lock = NSLock()
        private var patterns: [String: FilterRegex?] = [:]

        func regex(_ pattern: String) -> FilterRegex? {
            lock.lock()
            defer { lock.unlock() }
            if let known = patterns[pattern] { return known }
            let regex = try? FilterRegex(pattern)
            patterns[pattern] = regex
            return regex
        }
    }
}
