import DashSpendCore
import DashSpendExplore
import DashSpendPrivateFiles

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a client keeps the side index of the explore file's names (``ExploreNameIndex``):
/// `explore-names.db` in the state directory, beside the integrity stamp, built once per version of the
/// explore file (device, inode, size, modification time: a sync that replaces the file gets a new one) and
/// never written into the wallets' file.
///
/// Best effort, like the stamp: a state directory that cannot be written (or that others can write, which is
/// never written into nor read from) leaves the explore database without it, answering the same, slower.
struct ExploreNameIndexFile: Sendable {
    let path: String

    init(stateDirectory: String) {
        path = stateDirectory + "/explore-names.db"
    }

    /// The key of an explore file in version `fileKey` (device, inode, size, modification time: one file,
    /// whatever path names it), as the index records it.
    static func key(fileKey: String) -> String {
        fileKey
    }

    /// Attaches to `database` the index of the explore file at `explorePath` in version `fileKey`, building it
    /// first when it is missing or was built for another file or version; false when it cannot be had.
    func attach(to database: ExploreDatabase, explorePath: String, fileKey: String?) -> Bool {
        guard let fileKey else { return false }
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
        do {
            try PrivateDirectory.checkExisting(folder)
        } catch {
            return false
        }
        let key = Self.key(fileKey: fileKey)
        if RegularFile.refusal(path) == nil, database.attachNameIndex(path, key: key) { return true }
        guard build(explorePath: explorePath, fileKey: fileKey, key: key, folder: folder) else { return false }
        return database.attachNameIndex(path, key: key)
    }

    /// Builds the index into a staging file of its own (mode 0600) and renames it into place, unless the
    /// explore file changed meanwhile.
    private func build(explorePath: String, fileKey: String, key: String, folder: String) -> Bool {
        do {
            try PrivateDirectory.create(folder)
        } catch {
            return false
        }
        removeAbandonedBuilds(in: folder)
        let staging = path + Self.stagingInfix + "\(getpid())"
        unlink(staging)
        let descriptor = open(staging, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return false }
        close(descriptor)
        do {
            try ExploreNameIndex.build(explorePath: explorePath, into: staging, key: key)
        } catch {
            unlink(staging)
            return false
        }
        guard DatabaseIntegrityStamp.key(explorePath) == fileKey, rename(staging, path) == 0 else {
            unlink(staging)
            return false
        }
        return true
    }

    /// What names a staging file: `explore-names.db.building-<pid>`.
    private static let stagingInfix = ".building-"

    /// Removes the staging files (and their SQLite sidecars) of builds whose process is gone: one killed
    /// while building leaves a file as large as the index, and each process names its own, so nothing else
    /// would ever remove it. A staging file of a process still running is left alone, whoever it is.
    private func removeAbandonedBuilds(in folder: String) {
        let prefix = String(path[path.index(after: path.lastIndex(of: "/") ?? path.startIndex)...]) + Self.stagingInfix
        DirectoryListing.removeFiles(in: folder) { name in
            guard name.hasPrefix(prefix) else { return false }
            let digits = name.utf8.dropFirst(prefix.utf8.count).prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            guard let pid = pid_t(String(decoding: digits, as: UTF8.self)), pid > 0 else { return false }
            return kill(pid, 0) != 0 && errno == ESRCH
        }
    }
}
