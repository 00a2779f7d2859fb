import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the executable's command on the thread that starts it, the process's main thread, instead of
/// handing it to the concurrency runtime's thread pool: an offline lookup then starts no worker thread, and
/// on a loaded machine it does not wait for one to be scheduled at each hop (the waits were about a fifth of
/// an offline `show`'s wall time).
///
/// On Linux the command's task prefers this executor (`TaskExecutor`), so its nonisolated async functions,
/// its actors and its child tasks run here, one job at a time; work that waits (a request, a timer, standard
/// input read on a dispatch queue) suspends and is resumed here when its answer comes. Tasks made with
/// `Task.detached` run on the pool as before. On Apple platforms (`TaskExecutor` needs macOS 15 / iOS 18) the
/// command runs on the pool and this thread waits for it.
package enum CallerThreadExecutor {
    /// Runs `operation` to completion and returns its value; the calling thread does the work (Linux) or waits.
    package static func run<Value: Sendable>(_ operation: sending @escaping () async -> Value) -> Value {
        let result = ResultSlot<Value>()
        #if os(Linux)
        let executor = JobQueueExecutor()
        Task(executorPreference: executor) {
            result.value = await operation()
            executor.stop()
        }
        executor.runUntilStopped()
        #else
        let done = DispatchSemaphore(value: 0)
        Task {
            result.value = await operation()
            done.signal()
        }
        done.wait()
        #endif
        guard let value = result.value else { preconditionFailure("the command ended without a value") }
        return value
    }

    /// The value handed from the command's task to the waiting thread (written before the hand-over).
    private final class ResultSlot<Value>: @unchecked Sendable {
        var value: Value?
    }
}

#if os(Linux)
/// The jobs of the command's task, run by ``runUntilStopped()`` on the thread that calls it.
private final class JobQueueExecutor: TaskExecutor, @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var jobs: [UnownedJob] = []
    private var stopped = false

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        condition.deallocate()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        pthread_mutex_lock(mutex)
        jobs.append(job)
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    /// The command's task is done: ``runUntilStopped()`` returns once the jobs queued are run.
    func stop() {
        pthread_mutex_lock(mutex)
        stopped = true
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Runs the jobs as they come, waiting when there is none, until ``stop()``.
    func runUntilStopped() {
        let me = asUnownedTaskExecutor()
        while true {
            pthread_mutex_lock(mutex)
            while jobs.isEmpty, !stopped { pthread_cond_wait(condition, mutex) }
            let batch = jobs
            jobs.removeAll(keepingCapacity: true)
            let finished = stopped && batch.isEmpty
            pthread_mutex_unlock(mutex)
            if finished { return }
            for job in batch { job.runSynchronously(on: me) }
        }
    }
}
#endif
