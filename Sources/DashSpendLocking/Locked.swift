#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value that only one thread at a time may reach: the package's one lock.
///
/// It does what `Synchronization.Mutex` does for this package, on every platform the package supports:
/// `Mutex` needs iOS 18 and macOS 15, while the wallets deploy to iOS 15. It is a class over a
/// `pthread_mutex_t` that lives at a fixed address for the lock's lifetime (a POSIX mutex must never move),
/// so it can be stored in a `let` and shared between tasks and threads.
///
/// Keep the closure short and never suspend or call back into code that may take the same lock: the lock is
/// not recursive.
package final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Read and written only inside `withLock`.
    private var value: Value

    /// Guards `value`.
    package init(_ value: Value) {
        self.value = value
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed (\(status))")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value and returns what it returns.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
