import CSQLite

/// A second copy of the generated file with the indexes the shipped file lacks, to measure what they
/// would buy. Built like the original (temporary file, then rename; reused while its stamp matches). The
/// library itself never writes to an explore file: only this benchmark-owned copy is changed.
struct IndexedCopy {
    /// The indexes the shipped v4 file does not have, which the library's statements look up by.
    static let indexes = [
        (name: "bench_merchant_merchantId", table: "merchant", column: "merchantId"),
        (name: "bench_gift_card_providers_merchantId", table: "gift_card_providers", column: "merchantId"),
    ]

    /// `CREATE INDEX` statements for ``indexes``.
    static var ddl: String {
        indexes.map { "CREATE INDEX \($0.name) ON \($0.table)(\($0.column));" }.joined(separator: "\n")
    }

    /// Returns the copy at `path` of `source`, building it first when missing or stale (the source's own
    /// stamp, which names the generator and its size, is part of the copy's).
    static func ensure(from source: String, at path: String) throws -> String {
        let stampPath = path + ".stamp"
        let stamp = (FileSystem.read(source + ".stamp") ?? "") + ddl + "\n"
        if FileSystem.exists(path), FileSystem.read(stampPath) == stamp { return path }
        FileSystem.remove(stampPath)
        let temporary = path + ".tmp"
        FileSystem.remove(temporary)
        try FileSystem.copy(source, to: temporary)
        do {
            let db = try RawSQLite.openReadWrite(temporary)
            defer { sqlite3_close_v2(db) }
            try RawSQLite.exec(db, "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; BEGIN; \(ddl) COMMIT;")
        } catch {
            FileSystem.remove(temporary)
            throw error
        }
        try FileSystem.move(temporary, to: path)
        try FileSystem.writeAtomically(stamp, to: stampPath)
        return path
    }
}
