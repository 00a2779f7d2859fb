#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `mkdir -p` for the state directory: missing folders are created with mode 0700 (whatever the umask).
/// ``prepareStateFolder(_:)`` also checks that a folder is safe to keep private files in.
public enum PrivateDirectory {
    /// Why a folder could not be created or used.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The folder that could not be created or used.
        public let path: String
        /// The system's reason, or what makes the folder unsafe.
        public let reason: String
        /// True when the folder exists but is not safe for private files (a symbolic link, someone else's,
        /// or writable by group or others), false when the system refused to create or open it.
        public let isUnsafe: Bool
        /// True when the folder is unsafe only because group or others can write to it: it is this user's
        /// own folder, and making it private (`chmod 700`) is the fix.
        package let isWritableByOthers: Bool

        init(path: String, reason: String, isUnsafe: Bool = false, isWritableByOthers: Bool = false) {
            self.path = path
            self.reason = reason
            self.isUnsafe = isUnsafe
            self.isWritableByOthers = isWritableByOthers
        }

        /// One line: `/tmp/x is not safe for private files (group or others can write to it ...)`, or the
        /// path and the system's reason.
        public var description: String {
            isUnsafe ? "\(path) is not safe for private files (\(reason))" : "\(path): \(reason)"
        }
    }

    /// Creates `path` and its missing parents; folders that already exist are left as they are.
    public static func create(_ path: String) throws(Failure) {
        // The common cases, the folder there or only it missing, in one call instead of one per component.
        if mkdir(path, 0o700) == 0 {
            // mkdir applies the umask: make a folder this process created private whatever it is.
            if chmod(path, 0o700) != 0 { throw Failure(path: path, reason: SystemError.message()) }
            return
        } else if errno == EEXIST {
            try requireFolder(path)
            return
        }
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            // The Substring overload: the generic `+` has the runtime scan every protocol conformance.
            current += "/"
            current.append(contentsOf: component)
            if mkdir(current, 0o700) == 0 {
                // mkdir applies the umask: make a folder this process created private whatever it is.
                if chmod(current, 0o700) != 0 { throw Failure(path: current, reason: SystemError.message()) }
            } else if errno != EEXIST {
                throw Failure(path: current, reason: SystemError.message())
            }
        }
        try requireFolder(path)
    }

    /// Refuses a `path` that is not a folder (symbolic links followed).
    private static func requireFolder(_ path: String) throws(Failure) {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw Failure(path: path, reason: "it exists and is not a folder")
        }
    }

    /// Makes `folder` (a network's folder, `<state directory>/<network>`) ready for private files.
    ///
    /// Missing folders are created with mode 0700. The state directory above it (which the user chose, and
    /// which may be shared, like `/tmp`) is never chmod-ed: it must belong to this user and not be writable
    /// by group or others, else this refuses (symbolic links to it are followed, so it may live on another
    /// disk). `folder` itself is this program's own: it must be a real folder (not a symbolic link), belong
    /// to this user and not be writable by group or others; it is then set to 0700.
    public static func prepareStateFolder(_ folder: String) throws(Failure) {
        let home = parent(of: folder)
        var info = stat()
        // An unsafe state directory is refused before anything is created in it.
        if stat(home, &info) == 0 { try requirePrivate(info, path: home) }
        try create(folder)
        guard stat(home, &info) == 0 else { throw Failure(path: home, reason: SystemError.message()) }
        try requirePrivate(info, path: home)
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ELOOP || errno == ENOTDIR {
                throw Failure(path: folder, reason: "it is a symbolic link or not a folder", isUnsafe: true)
            }
            throw Failure(path: folder, reason: SystemError.message())
        }
        defer { close(descriptor) }
        guard fstat(descriptor, &info) == 0 else { throw Failure(path: folder, reason: SystemError.message()) }
        try requirePrivate(info, path: folder)
        // Set only when it differs: a `chmod` writes the folder's inode (its change time) even to the same mode.
        guard info.st_mode & 0o7777 == 0o700 || fchmod(descriptor, 0o700) == 0 else {
            throw Failure(path: folder, reason: SystemError.message())
        }
    }

    /// Checks, creating and changing nothing, that ``prepareStateFolder(_:)`` could make `folder` ready: no
    /// file (or anything else but a folder) where a folder of its path should be (a failure that is not
    /// ``Failure/isUnsafe``: nothing can ever be created there), no state directory above it that is someone
    /// else's or that group or others can write, and no `folder` that is a symbolic link, someone else's or
    /// writable by group or others (failures that are ``Failure/isUnsafe``). Folders that do not exist yet
    /// pass: they would be created private.
    package static func checkStateFolder(_ folder: String) throws(Failure) {
        var info = stat()
        var prefix = folder.hasPrefix("/") ? "/" : ""
        for component in folder.split(separator: "/") {
            if !prefix.isEmpty && !prefix.hasSuffix("/") { prefix += "/" }
            // The Substring overload, as in `create(_:)`.
            prefix.append(contentsOf: component)
            guard stat(prefix, &info) == 0 else { break }
            guard (info.st_mode & S_IFMT) == S_IFDIR else { throw Failure(path: prefix, reason: "it is not a folder") }
        }
        try checkExisting(parent(of: folder))
        guard lstat(folder, &info) == 0 else { return }
        if (info.st_mode & S_IFMT) == S_IFLNK {
            throw Failure(path: folder, reason: "it is a symbolic link or not a folder", isUnsafe: true)
        }
        try requirePrivate(info, path: folder)
    }

    /// Refuses, changing nothing, a folder at `path` (symbolic links followed) that belongs to another user or
    /// that group or others can write; a path that is missing or not a folder passes.
    package static func checkExisting(_ path: String) throws(Failure) {
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { try requirePrivate(info, path: path) }
    }

    /// The folder `path` is in: `/` for `/x`, `.` for `x`.
    private static func parent(of path: String) -> String {
        let slash = path.lastIndex(of: "/")
        return slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    }

    /// Refuses a folder that belongs to another user or that group or others can write.
    private static func requirePrivate(_ info: stat, path: String) throws(Failure) {
        guard info.st_uid == geteuid() else {
            throw Failure(
                path: path, reason: "it belongs to user \(info.st_uid), not to you (\(geteuid()))", isUnsafe: true)
        }
        guard info.st_mode & 0o022 == 0 else {
            throw Failure(
                path: path,
                reason: "group or others can write to it, mode \(String(info.st_mode & 0o7777, radix: 8))",
                isUnsafe: true, isWritableByOthers: true)
        }
    }
}
