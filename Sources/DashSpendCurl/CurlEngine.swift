#if os(Linux)
import CCurl
import DashSpendCore
import DashSpendLocking

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs transfers on one libcurl multi handle, from one thread of its own: the handle's connection cache is
/// shared by every request of a ``CurlTransport`` (kept-alive connections are reused, except by a request that
/// is not idempotent), and a transfer's callbacks all run on that thread, in order.
///
/// The thread starts with the first transfer and ends when none is left; a later transfer starts another.
/// Callers wake it (`curl_multi_wakeup`, the one libcurl call made from other threads) to hand it a transfer or a
/// cancellation.
final class CurlEngine: @unchecked Sendable {
    private struct State {
        /// Transfers handed over, not yet added to the multi handle.
        var pending: [CurlTransfer] = []
        /// Transfers whose caller was cancelled.
        var cancelled: [CurlTransfer] = []
        /// Whether the loop thread is running (or about to).
        var running = false
    }

    let curl: LibCurl
    private let multi: LibCurl.Handle
    private let state = Locked(State())
    /// The transfers in the multi handle, by easy handle. Read and written on the loop thread only.
    private var active: [LibCurl.Handle: CurlTransfer] = [:]

    /// The longest the loop sleeps without looking at its transfers' silence limits, in milliseconds.
    private static let longestWait: Int32 = 1000

    /// A multi handle of its own. Throws ``DashSpendError/network(_:)`` when libcurl cannot be loaded.
    init() throws {
        let curl = try LibCurl.shared.get()
        guard let multi = curl.multiInit() else { throw DashSpendError.network("libcurl could not start") }
        self.curl = curl
        self.multi = multi
    }

    deinit {
        // The loop thread holds the engine while it runs, so none runs now, and no transfer is in the handle.
        _ = curl.multiCleanup(multi)
    }

    /// Runs `transfer` to its end: its response, or the error it failed with (`CancellationError` when the
    /// calling task is cancelled, at once).
    func run(_ transfer: CurlTransfer) async throws -> HTTPResponse {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                transfer.attach(continuation)
                submit(transfer)
            }
        } onCancel: {
            cancel(transfer)
        }
    }

    private func submit(_ transfer: CurlTransfer) {
        let start = state.withLock { state -> Bool? in
            if transfer.cancelRequested { return nil }
            state.pending.append(transfer)
            defer { state.running = true }
            return !state.running
        }
        switch start {
        case nil: transfer.finish(.failure(CancellationError()))  // never handed to the loop
        case true?: startLoop()
        case false?: _ = curl.multiWakeup(multi)
        }
    }

    private func cancel(_ transfer: CurlTransfer) {
        let running = state.withLock { state -> Bool in
            transfer.cancelRequested = true
            state.cancelled.append(transfer)
            return state.running
        }
        if running { _ = curl.multiWakeup(multi) }
    }

    private func startLoop() {
        let started = LoopThread.start { [self] in loop() }
        if !started {
            // No thread: fail what was handed over rather than leave it waiting.
            let stranded = state.withLock { state -> [CurlTransfer] in
                defer {
                    state.pending = []
                    state.running = false
                }
                return state.pending
            }
            for transfer in stranded { transfer.finish(.failure(DashSpendError.network("no thread for the request"))) }
        }
    }

    // MARK: - The loop thread

    private func loop() {
        var running: Int32 = 0
        var queued: Int32 = 0
        while true {
            let handed = state.withLock { state -> (adds: [CurlTransfer], cancels: [CurlTransfer])? in
                defer {
                    state.pending = []
                    state.cancelled = []
                }
                if state.pending.isEmpty, active.isEmpty {
                    state.running = false
                    return nil
                }
                return (state.pending, state.cancelled)
            }
            guard let handed else { return }
            for transfer in handed.adds {
                guard curl.multiAddHandle(multi, transfer.easy) == CURLM_OK else {
                    transfer.finish(.failure(DashSpendError.network("libcurl refused the request")))
                    continue
                }
                active[transfer.easy] = transfer
            }
            for transfer in handed.cancels where active[transfer.easy] === transfer {
                end(transfer, .failure(CancellationError()))
            }

            _ = curl.multiPerform(multi, &running)
            while let message = curl.multiInfoRead(multi, &queued) {
                // Read before the handle is removed: the message does not outlive it.
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                    let transfer = active[easy]
                else { continue }
                end(transfer, transfer.outcome(message.pointee.data.result))
            }

            let now = MonotonicClock.Instant.now
            var wait = Self.longestWait
            for transfer in Array(active.values) {
                if let error = transfer.silenceFailure(at: now) {
                    transfer.fail(error)
                    end(transfer, .failure(error))
                } else if let deadline = transfer.silenceDeadline {
                    let due = deadline > now ? Int((deadline - now).nanoseconds / 1_000_000) + 1 : 1
                    wait = min(wait, Int32(clamping: max(1, due)))
                }
            }
            if active.isEmpty { continue }
            // Returns when a socket is ready, libcurl's own timer is due, `wait` passes, or a caller wakes it.
            _ = curl.multiPoll(multi, nil, 0, wait, nil)
        }
    }

    /// Takes `transfer` out of the multi handle and ends it with `result`.
    private func end(_ transfer: CurlTransfer, _ result: Result<HTTPResponse, any Error>) {
        active[transfer.easy] = nil
        _ = curl.multiRemoveHandle(multi, transfer.easy)
        transfer.finish(result)
    }
}
#endif
