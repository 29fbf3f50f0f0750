import FeedModel
import GRDB

/// The flags' SQL functions, for filters and syncs.
extension ArticleFlags {
    /// `tidings_flags(flags, isStarred, star)`: `of(stored:isStarred:star:)` in SQL, for filters.
    static let sqlFunction = DatabaseFunction("tidings_flags", argumentCount: 3, pure: true) { values in
        let stored = String.fromDatabaseValue(values[0]) ?? ""
        let isStarred = (Int.fromDatabaseValue(values[1]) ?? 0) != 0
        let star = String.fromDatabaseValue(values[2])?.first ?? defaultStar
        return of(stored: stored, isStarred: isStarred, star: star).letters
    }

    /// `tidings_flag_set(flags, letter, on)`: the stored `flags` with `letter` set or cleared
    /// (`setting(_:_:)` in SQL), for a sync that gives articles the server's published state.
    static let settingFunction = DatabaseFunction("tidings_flag_set", argumentCount: 3, pure: true) { values in
        let stored = String.fromDatabaseValue(values[0]) ?? ""
        guard let letter = String.fromDatabaseValue(values[1])?.first else { return stored }
        return ArticleFlags(stored).setting(letter, (Int.fromDatabaseValue(values[2]) ?? 0) != 0).letters
    }
}
