import DashSpendLocking

/// A first-in first-out queue between one producer and one consumer that holds at most `capacity`
/// elements: ``push(_:)`` waits while it is full, ``pop()`` waits while it is empty. It is what keeps a
/// batch's memory flat: the producer cannot run ahead of the consumer by more than the capacity.
///
/// ``finish()`` (the producer is done) lets the consumer drain what is queued, then ``pop()`` returns nil;
/// ``close()`` (the consumer is gone) drops what is queued and makes every ``push(_:)`` return false.
final class BoundedQueue<Element: Sendable>: Sendable {
    private struct State {
        var elements: [Element] = []
        var head = 0
        var finished = false
        var closed = false
        /// The producer waiting for room, with the element it could not queue.
        var pusher: (element: Element, continuation: CheckedContinuation<Bool, Never>)?
        /// The consumer waiting for an element.
        var popper: CheckedContinuation<Element?, Never>?

        var count: Int { elements.count - head }

        mutating func removeFirst() -> Element {
            let element = elements[head]
            head += 1
            // Drop the consumed prefix now and then, so the storage stays within twice the capacity.
            if head >= 64, head * 2 >= elements.count {
                elements.removeFirst(head)
                head = 0
            }
            return element
        }
    }

    private enum PushOutcome {
        case queued
        case handedTo(CheckedContinuation<Element?, Never>)
        case full
        case closed
    }

    private enum PopOutcome {
        case element(Element, waking: CheckedContinuation<Bool, Never>?)
        case end
        case empty
    }

    /// The most elements queued at once.
    let capacity: Int
    private let state = Locked(State())

    /// An empty queue of at most `capacity` (at least 1) elements.
    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Queues `element`, waiting while the queue is full; false (and the element dropped) once the
    /// consumer has closed the queue.
    func push(_ element: Element) async -> Bool {
        let outcome = state.withLock { state -> PushOutcome in
            if state.closed || state.finished { return .closed }
            if let popper = state.popper {
                state.popper = nil
                return .handedTo(popper)
            }
            guard state.count < capacity else { return .full }
            state.elements.append(element)
            return .queued
        }
        switch outcome {
        case .queued: return true
        case .closed: return false
        case .handedTo(let popper):
            popper.resume(returning: element)
            return true
        case .full:
            return await withCheckedContinuation { continuation in
                // The consumer may have emptied the queue and started waiting since the check above: then the
                // element goes to it, as in the first check. (Queued behind a waiting consumer, it was
                // overtaken by the next push, handed to the consumer directly.)
                let now = state.withLock { state -> PushOutcome? in
                    if state.closed || state.finished { return .closed }
                    if let popper = state.popper {
                        state.popper = nil
                        return .handedTo(popper)
                    }
                    if state.count < capacity {
                        state.elements.append(element)
                        return .queued
                    }
                    state.pusher = (element, continuation)
                    return nil
                }
                switch now {
                case .queued?: continuation.resume(returning: true)
                case .closed?, .full?: continuation.resume(returning: false)
                case .handedTo(let popper)?:
                    popper.resume(returning: element)
                    continuation.resume(returning: true)
                case nil: break
                }
            }
        }
    }

    /// The oldest element, waiting while the queue is empty; nil once it is empty and finished (or closed).
    func pop() async -> Element? {
        let outcome = state.withLock { state -> PopOutcome in take(&state) }
        switch outcome {
        case .element(let element, let waking):
            waking?.resume(returning: true)
            return element
        case .end:
            return nil
        case .empty:
            return await withCheckedContinuation { continuation in
                let now = state.withLock { state -> PopOutcome in
                    let outcome = take(&state)
                    if case .empty = outcome { state.popper = continuation }
                    return outcome
                }
                switch now {
                case .element(let element, let waking):
                    waking?.resume(returning: true)
                    continuation.resume(returning: element)
                case .end: continuation.resume(returning: nil)
                case .empty: break
                }
            }
        }

        /// Takes the head, moving a waiting producer's element in behind it.
        func take(_ state: inout State) -> PopOutcome {
            if state.closed { return .end }
            guard state.count > 0 else { return state.finished ? .end : .empty }
            let element = state.removeFirst()
            var waking: CheckedContinuation<Bool, Never>?
            if let pusher = state.pusher {
                state.pusher = nil
                state.elements.append(pusher.element)
                waking = pusher.continuation
            }
            return .element(element, waking: waking)
        }
    }

    /// Takes, without waiting, up to `limit` of the elements queued now (oldest first), moving a waiting
    /// producer's element in behind them as ``pop()`` does; empty when none is queued.
    func drain(upTo limit: Int) -> [Element] {
        var taken: [Element] = []
        var woken: [CheckedContinuation<Bool, Never>] = []
        state.withLock { state in
            while taken.count < limit, !state.closed, state.count > 0 {
                taken.append(state.removeFirst())
                if let pusher = state.pusher {
                    state.pusher = nil
                    state.elements.append(pusher.element)
                    woken.append(pusher.continuation)
                }
            }
        }
        for continuation in woken { continuation.resume(returning: true) }
        return taken
    }

    /// The producer is done: the consumer gets what is queued, then nil.
    func finish() {
        let popper = state.withLock { state -> CheckedContinuation<Element?, Never>? in
            state.finished = true
            defer { state.popper = nil }
            return state.count == 0 ? state.popper : nil
        }
        popper?.resume(returning: nil)
    }

    /// The consumer is gone: what is queued is dropped, a waiting producer is told so.
    func close() {
        let (pusher, popper) = state.withLock { state in
            state.closed = true
            state.elements = []
            state.head = 0
            defer {
                state.pusher = nil
                state.popper = nil
            }
            return (state.pusher?.continuation, state.popper)
        }
        pusher?.resume(returning: false)
        popper?.resume(returning: nil)
    }
}
