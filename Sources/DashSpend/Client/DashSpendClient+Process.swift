import DashSpendSQLite

extension DashSpendClient {
    /// Makes the process-wide settings a program that owns its process may want:
    /// - SQLite keeps no memory statistics, which nothing here reads and which cost a process-wide lock at
    ///   every allocation and free of every connection (about 4,400 lock pairs, 7% of the instructions of an
    ///   offline `show`);
    /// - each connection takes its page buffers as it reads pages, not twenty at its first read (about 45
    ///   page faults fewer in an offline `show`, which opens three connections).
    ///
    /// For a command-line tool, called before any client opens a database; an app that embeds the library and
    /// uses SQLite itself need not call it. Once SQLite has started in the process it keeps its settings.
    ///
    /// - Returns: whether the settings took effect.
    @discardableResult
    public static func prepareCommandLineProcess() -> Bool {
        let statistics = SQLiteProcess.withoutMemoryStatistics()
        let pageBuffers = SQLiteProcess.withPageBuffersTakenOnUse()
        return statistics && pageBuffers
    }
}
