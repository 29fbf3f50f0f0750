#ifndef TIDINGS_CSQLITECLOSE_SHIM_H
#define TIDINGS_CSQLITECLOSE_SHIM_H
#include <sqlite3.h>

/// Closing the connection leaves the write-ahead log as it is: no checkpoint, and the log file
/// is not deleted (see FeedStore.swift). `sqlite3_db_config` is variadic, which Swift cannot call.
static inline int tidings_keep_log_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}
#endif
