import DashSpendExplore

/// Why `sync` did not import a file. Each message is one line naming the file; whenever one of these is
/// thrown, the previously imported database is left exactly as it was.
public enum ExploreImportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file given with `--from` does not exist.
    case sourceMissing(path: String)
    /// The file given with `--from` cannot be read.
    case sourceUnreadable(path: String, reason: String)
    /// The file is empty.
    case emptySource(path: String)
    /// The file is neither a ZIP nor an SQLite file.
    case unrecognizedSource(path: String)
    /// The ZIP structure is damaged or not what the wallets write.
    case archive(path: String, ZipError)
    /// The ZIP comment is not `<timestampMs>#<checksum>`.
    case badComment(path: String, comment: String)
    /// The encrypted entry fails its password or authentication check.
    case decryption(path: String, WinZipAESError)
    /// The decrypted file does not match a checksum the archive states.
    case checksumMismatch(path: String, kind: String, expected: String, actual: String)
    /// The file (or the one inside the ZIP) is not a usable explore database.
    case notExploreDatabase(path: String, reason: String)
    /// The state directory cannot be written.
    case cannotWrite(path: String, reason: String)

    /// One line: what is wrong, and what to do.
    public var description: String {
        switch self {
        case .sourceMissing(let path):
            return "no file at \(path): pass --from with the downloaded explore ZIP or an explore database file"
        case .sourceUnreadable(let path, let reason):
            return "cannot read \(path) (\(reason))"
        case .emptySource(let path):
            return "\(path) is empty: download it again"
        case .unrecognizedSource(let path):
            return "\(path) is neither the explore ZIP nor an SQLite explore database"
        case .archive(let path, let error):
            return "\(path) \(error.description)"
        case .badComment(let path, let comment):
            return
                "\(path) is not the wallets' explore ZIP: its comment \"\(comment.prefix(40))\" is not <timestampMs>#<checksum>"
        case .decryption(let path, let error):
            return "\(path): \(error.description)"
        case .checksumMismatch(let path, let kind, let expected, let actual):
            return
                "\(path): the decrypted database fails its \(kind) check (expected \(expected), got \(actual)): download it again"
        case .notExploreDatabase(let path, let reason):
            return "\(path) does not hold a usable explore database: \(reason)"
        case .cannotWrite(let path, let reason):
            return "cannot write \(path) (\(reason)): check the state directory (--home)"
        }
    }
}
