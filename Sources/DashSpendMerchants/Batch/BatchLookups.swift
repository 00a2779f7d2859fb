import DashSpendExplore

/// The results of a batch lookup (``DashSpendClient/merchants(_:policy:window:)``), one per input, in the
/// inputs' order.
///
/// Iterating it reads the inputs and starts their lookups ahead of the consumer: at most `window` of them
/// wait in line behind the one being handed out, and at most 1,024 inputs are read ahead of those, so
/// a batch of any length runs in flat memory while slow lookups overlap. The inputs read ahead are looked up
/// in the explore database together, one statement for all of them (each table read once, even in a file
/// without a lookup index), as soon as the lookups before them have started: a caller reading a pipe line by
/// line still sees each answer without waiting for more lines, and a result is handed out as soon as it and
/// every result before it are ready.
///
/// A failed lookup is an element (``BatchLookup/result``), never an error: the sequence throws only what
/// the inputs throw, after every result of the inputs read before the error. Iterate it once; an iterator
/// that is dropped stops reading the inputs.
///
/// What the inputs throw is passed on untyped: an `AsyncSequence`'s `Failure` type needs iOS 18 and macOS 15.
public struct BatchLookups<Inputs: AsyncSequence & Sendable>: AsyncSequence, Sendable where Inputs.Element == String {
    /// One input and its result.
    public typealias Element = BatchLookup

    /// The most inputs read ahead of the lookups started, and looked up in the explore database in one go.
    static var readAhead: Int { 1024 }

    /// What the producer hands the consumer, in order.
    enum Step: Sendable {
        /// A lookup already running.
        case lookup(Task<BatchLookup, Never>)
        /// A lookup the consumer runs itself (no task of its own: nothing to overlap, see `concurrent`).
        case inline(String, BatchPrefetch)
        case failed(any Error)
    }

    /// What the reader hands the producer, in order.
    enum Input: Sendable {
        case line(String)
        case failed(any Error)
    }

    private let inputs: Inputs
    private let window: Int
    private let concurrent: Bool
    private let prefetch: @Sendable ([String]) -> BatchPrefetch
    private let lookup: @Sendable (String, BatchPrefetch) async -> BatchLookup

    /// `prefetch` reads what a chunk of inputs needs in one go; `lookup` resolves one input with it.
    /// `concurrent`: whether lookups may wait on the network, so that running `window` of them at once pays; when
    /// they cannot (offline, stored answers only), each runs in the consumer's task when its turn comes, and no
    /// task is made per input.
    package init(
        inputs: Inputs, window: Int, concurrent: Bool = true, prefetch: @escaping @Sendable ([String]) -> BatchPrefetch,
        lookup: @escaping @Sendable (String, BatchPrefetch) async -> BatchLookup
    ) {
        self.inputs = inputs
        self.window = Swift.max(1, window)
        self.concurrent = concurrent
        self.prefetch = prefetch
        self.lookup = lookup
    }

    /// Starts reading the inputs.
    public func makeAsyncIterator() -> AsyncIterator {
        // A lookup waiting its turn costs a task when it runs ahead (at most `window`), only its input otherwise.
        let queue = BoundedQueue<Step>(capacity: concurrent ? window : Self.readAhead)
        let pending = BoundedQueue<Input>(capacity: Self.readAhead)
        let inputs = inputs
        let concurrent = concurrent
        let prefetch = prefetch
        let lookup = lookup
        let reader = Task {
            var iterator = inputs.makeAsyncIterator()
            while !Task.isCancelled {
                let input: String?
                do {
                    input = try await iterator.next()
                } catch {
                    _ = await pending.push(.failed(error))
                    break
                }
                guard let input, await pending.push(.line(input)) else { break }
            }
            pending.finish()
        }
        let producer = Task {
            // Every input read so far (at least one, waiting for it): looked up together.
            reading: while let first = await pending.pop() {
                let chunk = [first] + pending.drain(upTo: Self.readAhead - 1)
                let lines = chunk.compactMap { input -> String? in
                    if case .line(let line) = input { return line }
                    return nil
                }
                let found = lines.isEmpty ? BatchPrefetch.none : prefetch(lines)
                for input in chunk {
                    switch input {
                    case .line(let line):
                        let step: Step = concurrent ? .lookup(Task { await lookup(line, found) }) : .inline(line, found)
                        guard await queue.push(step) else { break reading }
                    case .failed(let error):
                        _ = await queue.push(.failed(error))
                        break reading
                    }
                }
            }
            pending.close()
            queue.finish()
        }
        return AsyncIterator(
            run: Run(queue: queue, pending: pending, reader: reader, producer: producer, lookup: lookup))
    }

    /// The reader and producer of one iteration, stopped when its iterator goes away.
    final class Run: Sendable {
        let queue: BoundedQueue<Step>
        let pending: BoundedQueue<Input>
        let reader: Task<Void, Never>
        let producer: Task<Void, Never>
        let lookup: @Sendable (String, BatchPrefetch) async -> BatchLookup

        init(
            queue: BoundedQueue<Step>, pending: BoundedQueue<Input>, reader: Task<Void, Never>, producer: Task<Void, Never>,
            lookup: @escaping @Sendable (String, BatchPrefetch) async -> BatchLookup
        ) {
            self.queue = queue
            self.pending = pending
            self.reader = reader
            self.producer = producer
            self.lookup = lookup
        }

        deinit {
            reader.cancel()
            producer.cancel()
            pending.close()
            queue.close()
        }
    }

    /// Hands out the results in the inputs' order.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let run: Run

        init(run: Run) { self.run = run }

        /// The next input's result, nil after the last; throws what reading the inputs threw.
        public mutating func next() async throws -> BatchLookup? {
            switch await run.queue.pop() {
            case nil: return nil
            case .lookup(let task)?: return await task.value
            case .inline(let input, let found)?: return await run.lookup(input, found)
            case .failed(let error)?: throw error
            }
        }
    }
}
