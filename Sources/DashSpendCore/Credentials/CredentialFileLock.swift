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
    /// another holder keeps it longer than `timeout` seconds, and `CancellationError` when the task is
    /// cancelled while waiting.
    static func withLock<T>(
        _ lockPath: String, for credentialsPath: String, waitingAtMost timeout: Double,
        _ body: () async throws -> T
    ) async throws -> T {
        let descriptor: Int32
        do {
            descriptor = try LockFile.openFile(lockPath)
        } catch {
            throw CredentialStoreError(.unwritable, path: credentialsPath, reason: error.description)
        }
        defer { close(descriptor) }
        let deadline = MonotonicClock.Instant.now.advanced(bySeconds: timeout)
        var pause = 0.002
        while try !tryLock(descriptor, lockPath, for: credentialsPath) {
            guard MonotonicClock.Instant.now < deadline else {
                throw CredentialStoreError(
                    .busy, path: credentialsPath,
                    reason: "another process kept \(lockPath) locked for more than \(wholeSeconds(timeout)) s")
            }
            try await Task.sleep(seconds: pause)
            pause = min(pause * 2, 0.025)
        }
        return try await body()
    }

    /// `seconds` as whole seconds when it is an ordinary time, else as it is (never a trap on NaN or infinity).
    private static func wholeSeconds(_ seconds: Double) -> String {
        seconds.isFinite && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
    }

    /// One try at the lock; a failure other than "held by another" is ``CredentialStoreError`` (`.unwritable`).
    private static func tryLock(_ descriptor: Int32, _ lockPath: String, for credentialsPath: String) throws -> Bool {
        do {
            return try LockFile.tryLock(descriptor, path: lockPath)
        } catch {
            throw CredentialStoreError(.unwritable, path: credentialsPath, reason: error.description)
        }
    }
}
