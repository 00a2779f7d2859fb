import DashSpendCore
import DashSpendLocking
import DashSpendTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Critical sections say what an exit cut short", hangGuard(minutes: 2))
struct CriticalSectionNoteTests {
    final class Stage: Sendable {
        let value = Locked("sent")
    }

    @Test("The note of a section open at close is said as it stands once the section ended; others say nothing")
    func notesOfOpenSections() async throws {
        let sections = CriticalSections()
        let stage = Stage()
        // A section that ended before the close leaves nothing to say.
        try await sections.run(boundedBy: 60, purpose: "an earlier order", note: { InterruptionNote(message: "done") }) {}
        let release = AsyncStream<Void>.makeStream()
        let started = AsyncStream<Void>.makeStream()
        let running = Task {
            try await sections.run(
                boundedBy: 60, purpose: "the order in flight",
                note: { InterruptionNote(message: "order is \(stage.value.withLock { $0 })", orderId: "local-1") }
            ) {
                started.continuation.yield()
                for await _ in release.stream { break }
                stage.value.withLock { $0 = "kept" }
            }
        }
        for await _ in started.stream { break }
        #expect(sections.openPurposes == ["the order in flight"])
        #expect(sections.close() == 1)
        release.continuation.yield()
        try await running.value
        #expect(sections.openCount == 0)
        #expect(sections.interruptionNotes() == [InterruptionNote(message: "order is kept", orderId: "local-1")])
        await #expect(throws: CancellationError.self) {
            try await sections.run(boundedBy: 1, purpose: "too late") {}
        }
    }

    @Test("What must run before the first section runs once, before any section has opened, and never again")
    func beforeTheFirstSection() async throws {
        let sections = CriticalSections()
        let seen = Locked<[Int]>([])
        // Slow on purpose, so that a section opening before it has returned would be seen.
        sections.beforeFirstSection {
            usleep(20_000)
            seen.withLock { $0.append(1) }
        }
        #expect(seen.withLock { $0 }.isEmpty, "it ran before any section was asked for")
        // Sections opening at the same time: the preparation runs once, and none opens before it has returned.
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    try await sections.run(boundedBy: 60, purpose: "a refresh") { seen.withLock { $0.count } }
                }
            }
            for try await countInside in group { #expect(countInside == 1) }
        }
        try await sections.run(boundedBy: 60, purpose: "a later refresh") {}
        #expect(seen.withLock { $0 } == [1])
    }
}
