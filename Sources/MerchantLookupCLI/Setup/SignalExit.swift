package import DashSpendCore
import DashSpendLocking
import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Exits on SIGINT (130) and SIGTERM (143) without cutting off a critical section: a token refresh in
/// flight is finished and saved first (bounded by its own time-out), so an interrupted command does not
/// cost a sign-in; a gift-card order in flight is waited for and its answer kept, and the exit then says
/// which order it was, where it stands and how to check it.
///
/// Until the first critical section opens, a signal exits at once from a plain handler (`_exit`, nothing
/// else: output is written unbuffered). Right before it opens (``CriticalSections/beforeFirstSection(_:)``),
/// the two signals are ignored by the default disposition and delivered to a dispatch source instead, on a
/// thread of its own: a command that never opens a section (an offline lookup) never starts that thread. A
/// signal in the moment between the two is ignored: the command goes on rather than exit as a section opens.
///
/// On a signal the source closes the ``CriticalSections`` (no new refresh or order starts); if none is open
/// the process exits at once, otherwise it says so on stderr, waits for them to end, says what they left to
/// say (``CriticalSections/interruptionNotes()``) and then exits. Every other exit of the program goes
/// through ``finish(_:)`` so that only one thread ever calls `exit`.
package final class SignalExit: Sendable {
    /// The work an exit waits for, shared with the repositories.
    package let sections: CriticalSections
    private let exiting = Locked(false)
    private let standardError: StandardError
    /// Kept alive for the life of the process; written once, before the first critical section opens.
    nonisolated(unsafe) private var sources: [any DispatchSourceSignal] = []

    /// Creates a handler with its own critical sections, saying what it waits for on `standardError`;
    /// nothing is installed until ``install()``.
    package init(sections: CriticalSections = CriticalSections(), standardError: StandardError = .process) {
        self.sections = sections
        self.standardError = standardError
    }

    /// Takes SIGINT and SIGTERM over from their default disposition (and ignores SIGXFSZ: see
    /// ``failWritesPastTheFileSizeLimit()``): exits with 128 + the signal's number
    /// until a critical section is about to open, and then starts the source that waits for open sections.
    /// Call it on the main thread: it also unblocks the two signals there, as a parent may start this process
    /// with them blocked (a thread of Swift's pool does), and a blocked signal would never reach the handler.
    package func install() {
        Self.failWritesPastTheFileSizeLimit()
        var signals = sigset_t()
        sigemptyset(&signals)
        for number in [SIGINT, SIGTERM] {
            signal(number, exitWithSignalStatus)
            sigaddset(&signals, number)
        }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        sections.beforeFirstSection { [self] in watch() }
    }

    /// Makes a write past the file-size limit (`ulimit -f`) fail with EFBIG instead of killing the process
    /// with SIGXFSZ: the failure is then said, with its exit code, and SQLite rolls back what it had begun
    /// instead of leaving a hot journal behind.
    static func failWritesPastTheFileSizeLimit() {
        signal(SIGXFSZ, SIG_IGN)
    }

    /// Delivers the two signals to a dispatch source (its queue's thread), which waits for open sections.
    private func watch() {
        let queue = DispatchQueue(label: "merchant-lookup.signals")
        var installed: [any DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [self] in received(number) }
            source.resume()
            installed.append(source)
        }
        sources = installed
    }

    /// ``install()``, then this handler.
    package func installed() -> SignalExit {
        install()
        return self
    }

    /// Whether a signal was received: the program must not report a result of its own any more.
    package var interrupted: Bool { sections.isClosed }

    /// Exits with `code`, unless another thread is already exiting: then this thread waits for the end.
    package func finish(_ code: Int32) -> Never {
        let first = exiting.withLock { exiting -> Bool in
            defer { exiting = true }
            return !exiting
        }
        if first { exit(code) }
        while true { pause() }
    }

    /// Prints `outcome` and exits with its code, unless a signal was received meanwhile: then the signal
    /// handler reports nothing more and exits with the signal's code, and this thread waits for it.
    package func finish(delivering outcome: MerchantLookup.Outcome, to streams: StandardStreams) -> Never {
        if interrupted { waitForSignalExit() }
        finish(MerchantLookup.deliver(outcome, to: streams))
    }

    /// Exits with `code` before any handler is installed: no other thread can be exiting yet.
    package static func exitAtOnce(_ code: Int32) -> Never { exit(code) }

    /// Parks the calling thread for good: the signal handler is exiting the process.
    func waitForSignalExit() -> Never {
        while true { pause() }
    }

    private func received(_ number: Int32) {
        let purposes = sections.openPurposes
        if sections.close() > 0 {
            standardError.write(
                "merchant-lookup: interrupted: waiting for \(purposes.joined(separator: " and ")) before exiting\n")
            sections.waitUntilNoneOpen()
        }
        for note in sections.interruptionNotes() { standardError.write("merchant-lookup: interrupted: \(Self.line(note))\n") }
        finish(128 + number)
    }

    /// What `note` says, and how to check the order it concerns.
    static func line(_ note: InterruptionNote) -> String {
        guard let id = note.orderId else { return note.message }
        return "\(note.message); check it with `merchant-lookup order \(id)`"
    }
}

/// The handler until a critical section opens: exits as ``SignalExit`` does when none is open, with only an
/// async-signal-safe call.
private func exitWithSignalStatus(_ number: Int32) {
    _exit(128 + number)
}
