import DashSpendExplore

/// Why `sync` did not import a file. Each message is one line naming the file, with every control character
/// (C0, DEL, C1) shown as `\xNN`, since the file's name, its ZIP comment and SQLite's messages about it are
/// not ours. Whenever one of these is thrown, except ``metadataNotWritten(databasePath:path:reason:)``, the
/// previously imported database is left exactly as it was.
package enum ExploreImportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The source file does not exist.
    case sourceMissing(path: String)
    /// The source file cannot be read.
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
    /// The file is larger than the importer reads.
    case sourceTooLarge(path: String, size: Int, limit: Int)
    /// The ZIP's entry declares a database larger than the importer writes.
    case entryTooLarge(path: String, declared: Int, limit: Int)
    /// The ZIP comment's data timestamp lies more than a day in the future.
    case futureTimestamp(path: String, timestamp: Int64)
    /// The state directory cannot be written.
    case cannotWrite(path: String, reason: String)
    /// The network's state folder is not safe to write: a symbolic link, someone else's, or writable by
    /// others.
    case unsafeDirectory(path: String, reason: String)
    /// The new database was moved into place but its metadata could not be: the database HAS changed.
    case metadataNotWritten(databasePath: String, path: String, reason: String)

    /// Whether the database in place was left as it was (all cases but ``metadataNotWritten(databasePath:path:reason:)``).
    package var keptDatabase: Bool {
        if case .metadataNotWritten = self { return false }
        return true
    }

    /// One line: what is wrong, and what to do, with control characters escaped.
    package var description: String { Self.escapingControlCharacters(message) }

    /// `text` with every C0 control character, DEL and C1 control character written as `\xNN`.
    package static func escapingControlCharacters(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x00..<0x20, 0x7F...0x9F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result.append(contentsOf: ("\\x" + (hex.count == 1 ? "0" : "") + hex).unicodeScalars)
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }

    private var message: String {
        switch self {
        case .sourceMissing(let path):
            return "no file at \(path)"
        case .sourceUnreadable(let path, let reason):
            return "cannot read \(path) (\(reason))"
        case .emptySource(let path):
            return "\(path) is empty"
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
                "\(path): the decrypted database fails its \(kind) check (expected \(expected), got \(actual))"
        case .notExploreDatabase(let path, let reason):
            return "\(path) does not hold a usable explore database: \(reason)"
        case .sourceTooLarge(let path, let size, let limit):
            return "\(path) is \(size) bytes, more than the \(limit) sync reads: it is not the explore download"
        case .entryTooLarge(let path, let declared, let limit):
            return
                "\(path) declares a database of \(declared) bytes, more than the \(limit) sync writes: it is not the explore download"
        case .futureTimestamp(let path, let timestamp):
            return
                "\(path) claims data from \(timestamp) ms since 1970, more than a day in the future: it would block every later update, so it is refused (check the file and the clock)"
        case .cannotWrite(let path, let reason):
            return "cannot write \(path) (\(reason))"
        case .unsafeDirectory(let path, let reason):
            return "refusing to write to \(path): \(reason)"
        case .metadataNotWritten(let databasePath, let path, let reason):
            return
                "imported \(databasePath), but cannot write \(path) (\(reason)): the next sync imports again"
        }
    }
}
