import FeedModel
import Foundation
import GRDB
import Testing

@testable import FeedStore

@Suite struct SchemaTests {
    @Test func createsTheSchemaInWALModeWithForeignKeys() throws {
        let cache = try TemporaryCache()
        _ = try cache.open()
        let db = try DatabaseQueue(path: cache.path)
        try db.read { db in
            #expect(try String.fetchOne(db, sql: "PRAGMA journal_mode") == "wal")
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
            for table in ["feed", "item", "itemSearch", "storeState", "grdb_migrations"] {
                #expect(tables.contains(table), "missing table \(table)")
            }
            #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == StoreSchema.migrator.migrations.count)
        }
    }

    @Test func aVersionOneCacheIsUpgradedAndStillCountsItsItems() throws {
        let cache = try TemporaryCache()
        do {
            // As the first release of the cache left it: WAL, one migration.
            let pool = try DatabasePool(path: cache.path)
            try StoreSchema.migrator.migrate(pool, upTo: "v1: feeds, items, counts, search")
            try pool.close()
        }
        let store = try cache.open(subscribing: ["https://a.example/feed"])
        try store.upsert(Sample.feed([Sample.item("1", hours: 1)]), forFeedURL: "https://a.example/feed")
        let names = try store.read { db in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master") }
        #expect(names.contains("itemTombstones"))
        #expect(!names.contains("itemCountInsert"), "the upsert counts new items itself")
        try store.write { db in
            let plan = try String.fetchAll(db, sql: """
                EXPLAIN QUERY PLAN DELETE FROM item WHERE feedId = 1 AND isDeleted = 1 AND lastSeenAt < 5
                """, adapter: SuffixRowAdapter(fromIndex: 3))
            #expect(plan.contains { $0.contains("itemTombstones") }, "\(plan)")
        }
        try store.upsert(
            Sample.feed([Sample.item("2", hours: 2), Sample.item("1", hours: 1)]), forFeedURL: "https://a.example/feed")
        let row = try store.feedList()[0]
        #expect(row.totalCount == 2 && row.unreadCount == 2)
    }

    @Test func reopeningKeepsTheData() throws {
        let cache = try TemporaryCache()
        do {
            let store = try cache.open(subscribing: ["https://a.example/feed"])
            try store.upsert(Sample.feed([Sample.item("1", hours: 1)]), forFeedURL: "https://a.example/feed")
        }
        let store = try cache.open()
        #expect(try store.feedList().map(\.totalCount) == [1])
    }

    @Test func enforcesForeignKeys() throws {
        let cache = try TemporaryCache()
        let store = try cache.open()
        #expect(throws: StoreError.self) {
            try store.write { db in
                try db.execute(sql: """
                    INSERT INTO item (feedId, key, firstSeenAt, lastSeenAt, sortDate) VALUES (999, 'k', 0, 0, 0)
                    """)
            }
        }
    }

    @Test func refusesASchemaFromANewerVersion() throws {
        let cache = try TemporaryCache()
        _ = try cache.open()
        let db = try DatabaseQueue(path: cache.path)
        try db.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99: from the future')")
        }
        #expect(throws: StoreError.newerSchema(path: cache.path)) { try FeedStore(path: cache.path) }
        let message = "\(StoreError.newerSchema(path: cache.path))"
        #expect(message.contains(cache.path) && message.contains("newer") && !message.contains("\n"))
    }

    @Test func refusesAFileThatIsNotSQLiteAndLeavesItUntouched() throws {
        let cache = try TemporaryCache()
        let bytes = Data("My notes, not a database.\n".utf8) + Data((0..<5000).map { UInt8($0 % 251) })
        try bytes.write(to: URL(fileURLWithPath: cache.path))
        do {
            _ = try FeedStore(path: cache.path)
            Issue.record("opened a file that is not a database")
        } catch let error as StoreError {
            guard case .unreadableFile(let path, _) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(path == cache.path)
            #expect("\(error)".contains(cache.path) && !"\(error)".contains("\n"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: cache.path)) == bytes)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: cache.directory.path)
        #expect(leftovers == ["cache.db"], "no -wal/-shm created next to a foreign file")
    }

    @Test func reportsACorruptDatabaseAndLeavesItUntouched() throws {
        let cache = try TemporaryCache()
        do {
            let store = try cache.open(subscribing: ["https://a.example/feed"])
            try store.upsert(
                Sample.feed((0..<200).map { Sample.item("\($0)", hours: Double($0)) }),
                forFeedURL: "https://a.example/feed")
            try store.vacuum()
        }
        // Keep the valid header, scramble every page after the first.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: cache.path))
        #expect(bytes.count > 8192)
        for index in 4096..<bytes.count { bytes[index] = UInt8(truncatingIfNeeded: index &* 7919) }
        try bytes.write(to: URL(fileURLWithPath: cache.path))
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: cache.path + suffix) }

        do {
            let store = try FeedStore(path: cache.path)
            _ = try store.feedList()
            _ = try store.items(inFeed: FeedID(1))
            Issue.record("read a corrupt database without an error")
        } catch let error as StoreError {
            guard case .unreadableFile(let path, let reason) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(path == cache.path)
            #expect(reason.contains("corrupt") || reason.contains("not an SQLite database"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: cache.path)) == bytes)
    }

    @Test func leavesAnotherProgramsDatabaseAlone() throws {
        let cache = try TemporaryCache()
        let other = try DatabaseQueue(path: cache.path)
        try other.write { db in try db.execute(sql: "CREATE TABLE bookmarks (url TEXT)") }
        try other.close()
        #expect(throws: StoreError.unreadableFile(
            path: cache.path, reason: "an SQLite database that is not a Tidings cache")) {
            try FeedStore(path: cache.path)
        }
        let (tables, journalMode) = try DatabaseQueue(path: cache.path).read { db in
            (try String.fetchAll(db, sql: "SELECT name FROM sqlite_master"),
             try String.fetchOne(db, sql: "PRAGMA journal_mode"))
        }
        #expect(tables == ["bookmarks"] && journalMode == "delete")
    }

    @Test func anEmptyFileBecomesACache() throws {
        let cache = try TemporaryCache()
        #expect(FileManager.default.createFile(atPath: cache.path, contents: Data()))
        let store = try cache.open(subscribing: ["https://a.example/feed"])
        #expect(try store.feedList().count == 1)
    }

    @Test func aDirectoryAtThePathIsAClearError() throws {
        let cache = try TemporaryCache()
        try FileManager.default.createDirectory(atPath: cache.path, withIntermediateDirectories: false)
        #expect(throws: StoreError.unreadableFile(path: cache.path, reason: "it is a directory")) {
            try FeedStore(path: cache.path)
        }
    }

    @Test func generationAdvancesOnEveryWrite() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: ["https://a.example/feed"])
        let before = try store.generation()
        try store.upsert(Sample.feed([Sample.item("1", hours: 1)]), forFeedURL: "https://a.example/feed")
        let afterUpsert = try store.generation()
        #expect(afterUpsert > before)
        let item = try #require(try store.items(inFeed: try store.feedList()[0].id).first)
        try store.markItem(item.id, read: true)
        #expect(try store.generation() > afterUpsert)
    }

    @Test func generationSeesWritesOfAnotherConnection() throws {
        let cache = try TemporaryCache()
        let reader = try cache.open(subscribing: ["https://a.example/feed"])
        let before = try reader.generation()
        let writer = try FeedStore(path: cache.path)
        try writer.recordFailure(forFeedURL: "https://a.example/feed", reason: "timeout")
        #expect(try reader.generation() > before)
    }
}
