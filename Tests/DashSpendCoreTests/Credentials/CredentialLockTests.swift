import DashSpendCore
import DashSpendLocking
import DashSpendTestSupport
import Foundation
import Testing

/// `FileCredentialStore.withExclusiveAccess`: a polled `flock` on `<serviceTag>.json.lock`.
@Suite("The credentials lock admits one holder at a time, across descriptors and processes", hangGuard(minutes: 2))
struct CredentialLockTests {
    private static func temporaryRoot() -> String {
        NSTemporaryDirectory() + "dashspend-lock-\(UUID().uuidString)/state"
    }

    private static func remove(_ root: String) {
        try? FileManager.default.removeItem(atPath: (root as NSString).deletingLastPathComponent)
    }

    @Test func theLockFileSitsNextToTheCredentialsWithMode0600() async throws {
        let root = Self.temporaryRoot()
        defer { Self.remove(root) }
        let store = FileCredentialStore(root: root)
        try await store.withExclusiveAccess(to: .ctx, network: .testnet, waitingAtMost: 1) {}
        let lock = store.lockPath(for: .ctx, network: .testnet)
        #expect(lock == store.path(for: .ctx, network: .testnet) + ".lock")
        let attributes = try FileManager.default.attributesOfItem(atPath: lock)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    @Test func twoDescriptorsNeverHoldItTogether() async throws {
        let root = Self.temporaryRoot()
        defer { Self.remove(root) }
        let inside = Locked((now: 0, most: 0))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                // A store value of its own each time: its own descriptor, as another process would have. The
                // bound is far above the 8 × 20 ms of work: this checks exclusion, not speed, and a loaded test
                // machine delays the polling waiters' wake-ups by seconds.
                group.addTask {
                    try await FileCredentialStore(root: root).withExclusiveAccess(
                        to: .ctx, network: .mainnet, waitingAtMost: 60
                    ) {
                        inside.withLock {
                            $0.now += 1
                            $0.most = max($0.most, $0.now)
                        }
                        try await Task.sleep(seconds: 0.02)
                        inside.withLock { $0.now -= 1 }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(inside.withLock { $0.most } == 1)
    }

    @Test func aWaiterGivesUpAfterItsBoundWithoutRunning() async throws {
        let root = Self.temporaryRoot()
        defer { Self.remove(root) }
        // The holder keeps the lock until it is cancelled, below: only giving up can end the wait. The waiter
        // starts once the holder is inside (a fixed 200 ms raced a loaded machine, where the holder had not
        // taken the lock yet and the waiter took it). No bound on the time the waiter takes to give up: its
        // throwing `busy` while the lock is held says it gave up.
        let holding = Locked(false)
        let holder = Task {
            try await FileCredentialStore(root: root).withExclusiveAccess(
                to: .ctx, network: .mainnet, waitingAtMost: 60
            ) {
                holding.withLock { $0 = true }
                try await Task.sleep(seconds: 600)
            }
        }
        try await waitUntil("the holder has the lock") { holding.withLock { $0 } }
        let ran = Locked(false)
        do {
            try await FileCredentialStore(root: root).withExclusiveAccess(
                to: .ctx, network: .mainnet, waitingAtMost: 0.3
            ) { ran.withLock { $0 = true } }
            Issue.record("the lock was taken while another holder had it")
        } catch let error as CredentialStoreError {
            #expect(error.kind == .busy)
            #expect(error.description.contains("locked"))
        }
        #expect(!ran.withLock { $0 })
        // Other networks are other locks.
        try await FileCredentialStore(root: root).withExclusiveAccess(
            to: .ctx, network: .testnet, waitingAtMost: 0.1
        ) {}
        holder.cancel()
        _ = await holder.result
        try await FileCredentialStore(root: root).withExclusiveAccess(
            to: .ctx, network: .mainnet, waitingAtMost: 0.1
        ) {}
    }

    @Test func anotherProcessHoldingTheLockIsWaitedFor() async throws {
        let tool = "/usr/bin/flock"
        guard FileManager.default.isExecutableFile(atPath: tool) else { return }
        let root = Self.temporaryRoot()
        defer { Self.remove(root) }
        let store = FileCredentialStore(root: root)
        try await store.withExclusiveAccess(to: .ctx, network: .mainnet, waitingAtMost: 1) {}
        let folder = (root as NSString).deletingLastPathComponent
        // flock(1), a process of its own, holds the same lock file until the test creates `release`.
        let other = try ChildProcess(
            tool,
            [
                store.lockPath(for: .ctx, network: .mainnet), "/bin/sh", "-c",
                "touch '\(folder)/held'; while [ ! -e '\(folder)/release' ]; do sleep 0.02; done",
            ])
        defer {
            _ = FileManager.default.createFile(atPath: folder + "/release", contents: nil)
            // Bounded: a test that ended early must not leave the holder behind.
            _ = other.wait(killingAfter: 30)
        }
        try await waitUntil("the other process holds the lock") { FileManager.default.fileExists(atPath: folder + "/held") }
        let entered = Locked(false)
        // A hang guard: the wait ends when the other process lets go, which the test does below.
        let waiter = Task {
            try await store.withExclusiveAccess(to: .ctx, network: .mainnet, waitingAtMost: 120) {
                entered.withLock { $0 = true }
            }
        }
        try await Task.sleep(seconds: 0.3)
        #expect(!entered.withLock { $0 }, "the lock was taken while another process held it")
        _ = FileManager.default.createFile(atPath: folder + "/release", contents: nil)
        try await waiter.value
        #expect(entered.withLock { $0 })
    }

    @Test func theDefaultImplementationRunsTheBody() async throws {
        let store = InMemoryCredentialStore()
        let value = try await store.withExclusiveAccess(to: .ctx, network: .mainnet, waitingAtMost: 0) { 42 }
        #expect(value == 42)
    }

    @Test func closedCriticalSectionsRefuseNewWorkAndAreWaitedFor() async throws {
        let sections = CriticalSections()
        // The section runs until the test releases it (a section of a fixed 300 ms could end before a loaded
        // machine got to close() or to the wait, and the wait then had nothing to wait for).
        let state = Locked((entered: false, released: false, ended: false))
        let running = Task {
            try await sections.run(boundedBy: 120) {
                state.withLock { $0.entered = true }
                while !state.withLock({ $0.released }) { try await Task.sleep(seconds: 0.005) }
                state.withLock { $0.ended = true }
            }
        }
        try await waitUntil("the section runs") { state.withLock { $0.entered } }
        #expect(sections.close() == 1)
        await #expect(throws: CancellationError.self) { try await sections.run(boundedBy: 1) {} }
        // The wait returns only once the section has ended: it is released only after the wait began.
        let waiting = Locked(false)
        let drain = Task {
            await withCheckedContinuation { continuation in
                Thread.detachNewThread {
                    waiting.withLock { $0 = true }
                    let drained = sections.waitUntilNoneOpen()
                    continuation.resume(returning: (drained, state.withLock { $0.ended }))
                }
            }
        }
        try await waitUntil("the wait began") { waiting.withLock { $0 } }
        state.withLock { $0.released = true }
        let (drained, endedFirst) = await drain.value
        #expect(drained)
        #expect(endedFirst, "the wait returned before the section ended")
        try await running.value
        #expect(sections.openCount == 0)
    }
}
