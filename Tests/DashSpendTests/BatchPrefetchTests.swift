import DashSpendCore
import DashSpendLocking
import DashSpendTestSupport
import Foundation
import Testing

@testable import DashSpend

/// A batch reads the explore rows of its inputs together, a chunk at a time, instead of one lookup per input
/// (on a file without a `merchantId` index, a lookup is two full scans), and still answers every input in
/// order, with its own error.
@Suite("A batch reads the explore database a chunk of inputs at a time", hangGuard(minutes: 2))
struct BatchPrefetchTests {
    /// The inputs a batch has read once it has read all of them: counted, so the test can wait for it.
    private struct CountingInputs: AsyncSequence, Sendable {
        let lines: [String]
        let read: Locked<Int>

        struct AsyncIterator: AsyncIteratorProtocol {
            let lines: [String]
            let read: Locked<Int>
            var index = 0
            mutating func next() async -> String? {
                defer { index += 1 }
                read.withLock { $0 += 1 }
                return index < lines.count ? lines[index] : nil
            }
        }

        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(lines: lines, read: read) }
    }

    /// With the whole input read before the consumer asks, the ids reach the explore database in few
    /// statements (at most one per lookup the window holds, then all the rest in one), each id once, and the
    /// results come out in the inputs' order.
    /// Either way lookups run: side by side in tasks of their own (`concurrent`), or one by one in the consumer's.
    @Test(arguments: [true, false])
    func idsAreReadInChunks(concurrent: Bool) async throws {
        let lines = (1...300).map { "id-\($0)" }
        let read = Locked(0)
        let chunks = Locked<[[String]]>([])
        let window = 4
        let lookups = BatchLookups(
            inputs: CountingInputs(lines: lines, read: read), window: window, concurrent: concurrent,
            prefetch: { ids in
                chunks.withLock { $0.append(ids) }
                return .none
            },
            lookup: { input, _ in
                BatchLookup(input: input, result: .failure(DashSpendFailure(.notFound, "\(input) is not here")))
            })
        var iterator = lookups.makeAsyncIterator()
        // Every line and the end read (a hang guard of a minute, not a race).
        let clock = MonotonicClock()
        let start = clock.now
        while read.withLock({ $0 }) < lines.count + 1, (clock.now - start).seconds < 60 {
            try await Task.sleep(seconds: 0.005)
        }
        var inputs: [String] = []
        while let lookup = try await iterator.next() { inputs.append(lookup.input) }
        #expect(inputs == lines)
        let seen = chunks.withLock { $0 }
        #expect(seen.flatMap { $0 } == lines, "each id looked up once, in order")
        #expect(seen.count <= window + 2, "\(seen.count) statements for \(lines.count) ids: \(seen.map(\.count))")
    }

    /// On a generated file without a `merchantId` index: every id found as alone, unknown ones and names
    /// answered as alone (a name by its name), in the inputs' order.
    @Test func batchAnswersAsSingleLookups() async throws {
        let fixture = try GeneratedMerchantsFixture(merchants: 120)
        let client = try fixture.client(offline: true)
        var inputs = (1...120).map { FixtureDatabase.generatedMerchantId($0) }
        inputs.insert("m-missing", at: 7)
        inputs.insert(FixtureDatabase.generatedMerchantName(5), at: 30)
        inputs.append(FixtureDatabase.generatedMerchantId(3))
        let stream = AsyncStream<String> { continuation in
            for input in inputs { continuation.yield(input) }
            continuation.finish()
        }
        var answered: [(String, String)] = []
        for try await lookup in client.merchants(stream, policy: .cacheOnly) {
            switch lookup.result {
            case .success(let merchant): answered.append((lookup.input, merchant.merchant.merchantId))
            case .failure(let failure): answered.append((lookup.input, "error: \(failure.kind)"))
            }
        }
        #expect(answered.map(\.0) == inputs)
        for (input, answer) in answered {
            let alone: String
            do {
                alone = try await client.merchant(input, policy: .cacheOnly).merchant.merchantId
            } catch {
                alone = "error: \(DashSpendFailure(error).kind)"
            }
            #expect(answer == alone, "\(input): in a batch \(answer), alone \(alone)")
        }
        #expect(answered[7].1 == "error: notFound")
        #expect(answered[30].1 == FixtureDatabase.generatedMerchantId(5))
    }
}
