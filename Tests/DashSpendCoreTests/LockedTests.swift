import DashSpendLocking
import Testing

@Suite("Locked: the package's one lock")
struct LockedTests {
    @Test("Many tasks adding at once lose no update")
    func noLostUpdates() async {
        let counter = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
                }
            }
        }
        #expect(counter.withLock { $0 } == 80_000)
    }

    @Test("A typed error thrown inside the lock reaches the caller, and the lock is released")
    func typedThrowReleases() {
        struct Refused: Error, Equatable {}
        let value = Locked([1])
        #expect(throws: Refused()) {
            try value.withLock { (numbers: inout [Int]) throws(Refused) in
                numbers.append(2)
                throw Refused()
            }
        }
        #expect(value.withLock { $0 } == [1, 2], "the change made before the throw is kept, and the lock is free")
    }
}
