#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock` on the lock file next to a credentials file, shared by every process that uses
/// the same state directory. It is taken by polling (`LOCK_EX | LOCK_NB`, then `Task.sleep`), so a task
/// waiting for it never blocks a thread of the cooperative pool, and the wait is bounded. The lock is
/// released when the body ends, or by the kernel when the process dies.
enum CredentialFileLock {
    /// Runs `body` holding the lock on `lockPath` (created 0600 if missing); `credentialsPath` is the file
    /// errors name. Throws ``CredentialStoreError`` (`.unwritable`) when the lock file cannot be opened or
    /// another holder keeps it longer than `timeout`, and `CancellationError` when the task is cancelled
    /// while waiting.
    static func withLock<T>(
        _ lockPath: String, for credentialsPath: String, waitingAtMost timeout: Duration,
        _ body: () async throws -> T
    ) async throws -> T {
        let descriptor = try openLockFile(lockPath, for: credentialsPath)
        defer { close(descriptor) }
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var pause = Duration.milliseconds(2)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK || code == EAGAIN else {
                throw CredentialStoreError(
                    .unwritable, path: credentialsPath, reason: "cannot lock \(lockPath): \(SystemError.message(code))")
            }
            guard ContinuousClock.now < deadline else {
                throw CredentialStoreError(
                    .busy, path: credentialsPath,
                    reason: "another process kept \(lockPath) locked for more than \(timeout.components.seconds) s")
            }
            try await Task.sleep(for: pause)
            pause = min(pause * 2, .milliseconds(25))
        }
        return try await body()
    }

    /// Opens (creating, mode 0600) the lock file: a regular file, not through a symbolic link, without
    /// ever blocking on a FIFO.
    private static func openLockFile(_ lockPath: String, for credentialsPath: String) throws -> Int32 {
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else {
            throw CredentialStoreError(
                .unwritable, path: credentialsPath, reason: "cannot open \(lockPath): \(SystemError.message())")
        }
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
            throw CredentialStoreError(.unwritable, path: credentialsPath, reason: "cannot use \(lockPath): \(problem)")
        }
        return descriptor
    }
}
