#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `mkdir -p` for the state directory: missing folders are created with mode 0700 (whatever the umask).
public enum PrivateDirectory {
    /// Why a folder could not be created.
    public struct Failure: Error, Sendable, Hashable {
        /// The folder that could not be created.
        public let path: String
        /// The system's reason.
        public let reason: String
    }

    /// Creates `path` and its missing parents; folders that already exist are left as they are.
    public static func create(_ path: String) throws(Failure) {
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o700) == 0 {
                // mkdir applies the umask: make a folder this process created private whatever it is.
                if chmod(current, 0o700) != 0 { throw Failure(path: current, reason: systemReason()) }
            } else if errno != EEXIST {
                throw Failure(path: current, reason: systemReason())
            }
        }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw Failure(path: path, reason: "it exists and is not a folder")
        }
    }

    /// `strerror(errno)`.
    static func systemReason() -> String { String(cString: strerror(errno)) }
}
