/// The results of a batch lookup (``DashSpendClient/merchants(_:policy:window:)``), one per input, in the
/// inputs' order.
///
/// Iterating it reads the inputs and starts their lookups ahead of the consumer: at most `window` of them
/// wait in line behind the one being handed out, so a batch of any length runs in flat memory while slow
/// lookups overlap.
/// A result is handed out as soon as it and every result before it are ready, while later inputs are still
/// being read: a caller reading a pipe line by line sees each answer without waiting for the end.
///
/// A failed lookup is an element (``BatchLookup/result``), never an error: the sequence throws only what
/// the inputs throw, after every result of the inputs read before the error. Iterate it once; an iterator
/// that is dropped stops reading the inputs.
///
/// What the inputs throw is passed on untyped: an `AsyncSequence`'s `Failure` type needs iOS 18 and macOS 15.
public struct BatchLookups<Inputs: AsyncSequence & Sendable>: AsyncSequence, Sendable where Inputs.Element == String {
    /// One input and its result.
    public typealias Element = BatchLookup

    /// What the producer hands the consumer, in order.
    enum Step: Sendable {
        case lookup(Task<BatchLookup, Never>)
        case failed(any Error)
    }

    private let inputs: Inputs
    private let window: Int
    private let lookup: @Sendable (String) async -> BatchLookup

    init(inputs: Inputs, window: Int, lookup: @escaping @Sendable (String) async -> BatchLookup) {
        self.inputs = inputs
        self.window = Swift.max(1, window)
        self.lookup = lookup
    }

    /// Starts reading the inputs.
    public func makeAsyncIterator() -> AsyncIterator {
        let queue = BoundedQueue<Step>(capacity: window)
        let inputs = inputs
        let lookup = lookup
        let producer = Task {
            var iterator = inputs.makeAsyncIterator()
            while !Task.isCancelled {
                let input: String?
                do {
                    input = try await iterator.next()
                } catch {
                    _ = await queue.push(.failed(error))
                    break
                }
                guard let input else { break }
                guard await queue.push(.lookup(Task { await lookup(input) })) else { break }
            }
            queue.finish()
        }
        return AsyncIterator(run: Run(queue: queue, producer: producer))
    }

    /// The producer of one iteration, stopped when its iterator goes away.
    final class Run: Sendable {
        let queue: BoundedQueue<Step>
        let producer: Task<Void, Never>

        init(queue: BoundedQueue<Step>, producer: Task<Void, Never>) {
            self.queue = queue
            self.producer = producer
        }

        deinit {
            producer.cancel()
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
            case .failed(let error)?: throw error
            }
        }
    }
}
