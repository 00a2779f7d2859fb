import Testing

@testable import DashSpendMerchants

/// The queue between a batch's reader, producer and consumer: first in, first out, whatever the timing.
@Suite("BoundedQueue keeps its order when the producer and consumer race")
struct BoundedQueueTests {
    /// A producer that finds the queue full and a consumer that empties it and waits meanwhile: the element
    /// the producer was holding must come out before the ones it pushes next. (It once went in behind a
    /// waiting consumer without waking it, and the next push was handed to the consumer first: `id-259`
    /// before `id-258` in a batch.)
    @Test("Elements come out in the order they went in, across thousands of full and empty turns")
    func orderUnderRaces() async {
        for capacity in [1, 2, 3] {
            let count = 20_000
            let queue = BoundedQueue<Int>(capacity: capacity)
            let producer = Task.detached {
                for value in 0..<count { _ = await queue.push(value) }
                queue.finish()
            }
            var received: [Int] = []
            received.reserveCapacity(count)
            while let value = await queue.pop() {
                received.append(value)
                if value % 7 == 0 { await Task.yield() }
            }
            await producer.value
            #expect(received.count == count, "capacity \(capacity)")
            let firstOutOfOrder = zip(received, received.dropFirst()).first { $0.0 + 1 != $0.1 }
            #expect(firstOutOfOrder == nil, "capacity \(capacity): \(String(describing: firstOutOfOrder))")
        }
    }
}
