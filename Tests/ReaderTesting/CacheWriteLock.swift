import Foundation
import GRDB

/// Another connection holding the cache's write lock, as a `tidings reload` from cron does while
/// it writes (moving the store's generation), for tests of what the reader does meanwhile.
public enum CacheWriteLock {
    /// Takes the write lock of the cache at `cachePath` and keeps it until the returned function
    /// is called.
    public static func hold(_ cachePath: String) throws -> @Sendable () -> Void {
        let other = try DatabaseQueue(path: cachePath)
        let locked = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            try? other.writeWithoutTransaction { db in
                try db.execute(sql: "UPDATE storeState SET generation = generation + 1")
                try db.execute(sql: "BEGIN IMMEDIATE")
                try db.execute(sql: "UPDATE storeState SET generation = generation + 1")
                locked.signal()
                release.wait()
                try db.execute(sql: "COMMIT")
            }
        }
        locked.wait()
        return { release.signal() }
    }
}
