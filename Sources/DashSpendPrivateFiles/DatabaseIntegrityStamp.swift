import DashSpendCore
import DashSpendLocking

/// Remembers which database files passed `PRAGMA quick_check`, so the full read happens once per file
/// version (device, inode, size and modification time), not on every command: explore databases, and the
/// state database (a cache, changed only when an answer or a rate is stored). The orders database, which
/// holds what cannot be fetched again, is checked on every open for writing.
///
/// The same record, in a file of its own, keeps the versions of orders files that had nothing to say
/// (neither damaged nor holding a set-aside file not yet shown): the notes every command gives about the
/// orders file are then read once per version (`OrdersFile.notes()`).
///
/// One per client: the stamp file is read once, when the first database is opened, and what it records is
/// kept for the next (a `show` opens the explore and the state database).
package final class DatabaseIntegrityStamp: Sendable {
    let stampPath: String
    /// The recorded file versions, once read.
    private let known = Locked<[String]?>(nil)

    /// The record in `<stateDirectory>/<fileName>` (`checked-databases`: the file versions that passed
    /// `PRAGMA quick_check`).
    package init(stateDirectory: String, fileName: String = "checked-databases") {
        stampPath = stateDirectory + "/" + fileName
    }

    /// The version of the file at `path` (device, inode, size, modification time), nil when it cannot be read.
    package static func key(_ path: String) -> String? {
        FileVersion(path: path)?.recordedForm
    }

    /// Runs `check` on the file at `path` unless this exact file version passed it before, and records the
    /// version when it passes; true when it ran `check` now. `keyBeforeOpen` is ``key(_:)`` taken before the
    /// file was opened: a file changed meanwhile (replaced, migrated, a journal rolled back) is checked and
    /// not recorded.
    @discardableResult
    package func verify<Failure: Error>(path: String, keyBeforeOpen: String?, check: () throws(Failure) -> Void)
        throws(Failure) -> Bool
    {
        let key = Self.key(path)
        guard let key, key == keyBeforeOpen else {
            try check()
            return true
        }
        let known = recordedVersions()
        if known.contains(key) { return false }
        try check()
        guard Self.key(path) == key else { return true }
        let updated = Array(known.suffix(63)) + [key]
        self.known.withLock { $0 = updated }
        record(updated.joined(separator: "\n") + "\n")
        return true
    }

    /// Replaces the stamp file with `lines` through ``AtomicFile`` (mode 0600). Best effort: a read-only
    /// state directory only means checking again next time, and one that others can write is left alone.
    private func record(_ lines: String) {
        let folder = String(stampPath[..<(stampPath.lastIndex(of: "/") ?? stampPath.endIndex)])
        do {
            try PrivateDirectory.checkExisting(folder)
            try PrivateDirectory.create(folder)
            try AtomicFile.replace(stampPath, with: Array(lines.utf8))
        } catch {
            // Not recorded: the next command checks this file version again.
        }
    }

    /// The recorded file versions, read from the stamp file the first time; none when it is missing or
    /// cannot be read (a FIFO or device in its place is not opened for reading, so it cannot block the
    /// command).
    private func recordedVersions() -> [String] {
        known.withLock { known in
            if let known { return known }
            let read: [String]
            // A stamp that cannot be read records nothing: the file version is checked again, the safe side.
            if let bytes = try? RegularFile.read(stampPath, limit: 65_536) {
                // Split as bytes: splitting text by Character runs grapheme breaking over the file at each start.
                read = bytes.split(separator: UInt8(ascii: "\n")).map {
                    String(decoding: $0, as: UTF8.self).trimmedWhitespace
                }
            } else {
                read = []
            }
            known = read
            return read
        }
    }
}
