extension SQLiteConnection {
    /// How to open a file.
    package enum Mode: Sendable {
        /// Read-only and immutable (`?immutable=1`): SQLite takes no locks and creates no `-wal`/`-shm`
        /// files, which is right for a file that is only ever replaced by rename.
        case immutable
        /// Read-only with normal locking: every write fails with `SQLITE_READONLY`.
        case readOnly
        /// Read and write, creating the file if needed (fixtures, the project's own state).
        case readWrite
        /// Read and write a file that is already there: a missing file is `SQLITE_CANTOPEN`, never created
        /// (for files that only a lock holder may create, while another process may be moving them).
        case readWriteExisting
    }
}
