#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A lock file beside a piece of state (credentials, the state database, a synced database), shared by
/// every process that uses the same state directory: a regular file of mode 0600 on which `flock(LOCK_EX)`
/// is taken. The lock is released when the descriptor is closed, or by the kernel when the process dies.
/// Each owner turns a ``LockFileProblem`` into its own error.
package enum LockFile {
    /// Opens (creating it, mode 0600, when missing) the lock file at `path` and returns its descriptor: a
    /// regular file, never followed through a symbolic link, never blocking on a FIFO; a file left with other
    /// permissions is set to 0600.
    package static func openFile(_ path: String) throws(LockFileProblem) -> Int32 {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else { throw LockFileProblem(path: path, action: "open", reason: SystemError.message()) }
        var info = stat()
        var problem: String?
        if fstat(descriptor, &info) != 0 {
            problem = SystemError.message()
        } else if (info.st_mode & S_IFMT) != S_IFREG {
            problem = "it is not a regular file"
        } else if info.st_mode & 0o7777 != 0o600, fchmod(descriptor, 0o600) != 0 {
            problem = SystemError.message()
        }
        if let problem {
            close(descriptor)
            throw LockFileProblem(path: path, action: "use", reason: problem)
        }
        return descriptor
    }

    /// Opens the lock file at `path` and waits (blocking this thread) until the exclusive lock is held;
    /// returns the descriptor, whose closing releases it. For short sections off the cooperative pool, or
    /// where the holder is known to be quick; a task that may wait long polls with ``tryLock(_:)`` instead.
    package static func lock(_ path: String) throws(LockFileProblem) -> Int32 {
        try lock(path, operation: LOCK_EX)
    }

    /// Opens the lock file at `path` and takes a shared lock (`flock(LOCK_SH)`): many holders at once, none
    /// while someone holds it exclusively. Returns the descriptor, whose closing releases it.
    package static func lockShared(_ path: String) throws(LockFileProblem) -> Int32 {
        try lock(path, operation: LOCK_SH)
    }

    /// Opens the lock file at `path` and waits until `flock(operation)` holds.
    private static func lock(_ path: String, operation: Int32) throws(LockFileProblem) -> Int32 {
        let descriptor = try openFile(path)
        while flock(descriptor, operation) != 0 {
            guard errno == EINTR else {
                let reason = SystemError.message()
                close(descriptor)
                throw LockFileProblem(path: path, action: "lock", reason: reason)
            }
        }
        return descriptor
    }

    /// Tries once to take the exclusive lock on an open lock file: true when it is held, false when another
    /// holder has it. Any other failure is thrown.
    package static func tryLock(_ descriptor: Int32, path: String) throws(LockFileProblem) -> Bool {
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            if code == EWOULDBLOCK || code == EAGAIN { return false }
            throw LockFileProblem(path: path, action: "lock", reason: SystemError.message(code))
        }
        return true
    }
}

/// Why a lock file could not be opened or locked.
package struct LockFileProblem: Error, CustomStringConvertible {
    /// The lock file.
    package let path: String
    /// What failed: `open`, `use` (not a regular file, or its mode could not be set) or `lock`.
    package let action: String
    /// The system's reason.
    package let reason: String

    /// `cannot lock /state/mainnet/ctx.json.lock: Permission denied`.
    package var description: String { "cannot \(action) \(path): \(reason)" }
}
