import DashSpendLocking

/// A store opened by its own door (`open`) the first time it is needed and kept for the life of a client.
///
/// The client (the composition root) makes one per store and hands it to the services that use the store,
/// so every service of a client shares one open file, and a command that never needs a store never opens it
/// (a lookup leaves the orders file alone). The door runs under a lock, so a store is opened once however many
/// callers ask at the same time; a door that fails is tried again by the next caller (the failure may have
/// been the disk's, or a lock held for a moment).
final class OpenedOnce<Store: Sendable>: Sendable {
    private struct State {
        var store: Store?
        var opens = 0
    }

    private let open: @Sendable () throws(DashSpendFailure) -> Store
    private let state = Locked(State())

    /// A cell that opens its store with `open` on first use.
    init(_ open: @escaping @Sendable () throws(DashSpendFailure) -> Store) {
        self.open = open
    }

    /// The store, opened now if it is not yet.
    func callAsFunction() throws(DashSpendFailure) -> Store {
        try state.withLock { (state) throws(DashSpendFailure) -> Store in
            if let store = state.store { return store }
            let store = try open()
            state.store = store
            state.opens += 1
            return store
        }
    }

    /// The store when it was opened, without opening it.
    var ifOpened: Store? { state.withLock { $0.store } }

    /// How many times the store was opened: 1 at most (the tests of the composition root read it).
    var timesOpened: Int { state.withLock { $0.opens } }
}
