import CSQLite

/// SQLite's settings for the whole process, which only a program that owns its process should make (a
/// command-line tool, not a library inside an app), before anything opens a database.
package enum SQLiteProcess {
    /// Turns off SQLite's memory statistics (`SQLITE_CONFIG_MEMSTATUS`), which nothing here reads: with them,
    /// every allocation and free of every connection takes a process-wide lock, about 4,400 lock pairs (7% of
    /// the instructions) in an offline `show`.
    ///
    /// - Returns: whether it took effect: false once SQLite has started in this process, which then keeps what
    ///   it has.
    @discardableResult
    package static func withoutMemoryStatistics() -> Bool {
        csqlite_config_int(SQLITE_CONFIG_MEMSTATUS, 0) == SQLITE_OK
    }

    /// Has each connection's page cache take its page buffers one at a time, as pages are read, instead of
    /// twenty at once (`SQLITE_CONFIG_PAGECACHE` with no buffer and no slots; SQLite's default is
    /// `SQLITE_DEFAULT_PCACHE_INITSZ`, 20). The first read of a connection writes a header into each of the
    /// twenty buffers, so each page of them is faulted in whether it is used or not: about 15 page faults per
    /// connection, 45 in an offline `show`, which opens three.
    ///
    /// - Returns: whether it took effect: false once SQLite has started in this process.
    @discardableResult
    package static func withPageBuffersTakenOnUse() -> Bool {
        csqlite_config_page_cache(nil, 0, 0) == SQLITE_OK
    }
}
