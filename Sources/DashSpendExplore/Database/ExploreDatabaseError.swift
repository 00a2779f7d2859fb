public import DashSpendSQLite

/// Why an explore database cannot be used. Each message says what is wrong with which file.
public enum ExploreDatabaseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No file at the path.
    case fileMissing(path: String)
    /// The path given is empty: it names no file.
    case emptyPath
    /// The path is a directory, not a file.
    case directory(path: String)
    /// The file is the encrypted ZIP the wallets download, not the SQLite file inside it.
    case encryptedArchive(path: String)
    /// The file is not an SQLite database at all.
    case notSQLite(path: String)
    /// The file is shorter than its own header says: an interrupted download or copy.
    case truncated(path: String, expectedBytes: Int, actualBytes: Int)
    /// The file is SQLite but not an explore database (for instance no `merchant` table).
    case notExploreDatabase(path: String, reason: String)
    /// SQLite reports damage.
    case corrupt(path: String, detail: String)
    /// The file exists but cannot be opened (permissions, a special file).
    case cannotOpen(path: String, reason: String)
    /// A query failed for another reason.
    case queryFailed(SQLiteError)

    /// One line: what is wrong with which file.
    public var description: String {
        switch self {
        case .fileMissing(let path):
            return "no explore database at \(path)"
        case .emptyPath:
            return "no explore database at an empty path"
        case .directory(let path):
            return "\(path) is a directory, not an explore database file"
        case .encryptedArchive(let path):
            return "\(path) looks like the downloaded ZIP, not the database inside it"
        case .notSQLite(let path):
            return "\(path) is not an SQLite database"
        case .truncated(let path, let expected, let actual):
            return "\(path) is truncated (\(actual) of \(expected) bytes)"
        case .notExploreDatabase(let path, let reason):
            return "\(path) is not an explore database (\(reason))"
        case .corrupt(let path, let detail):
            return "\(path) is damaged (\(detail))"
        case .cannotOpen(let path, let reason):
            return "cannot open \(path) (\(reason)): check the path and its permissions"
        case .queryFailed(let error):
            return "the explore database could not be read: \(error.message)"
        }
    }
}
