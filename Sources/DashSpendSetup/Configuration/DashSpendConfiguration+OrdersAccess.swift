extension DashSpendConfiguration {
    /// How a client opens the network's orders database (``DashSpendConfiguration/ordersAccess``). The client
    /// opens it once: for writing in its initialiser, only to read at the first read that needs the file.
    public enum OrdersAccess: Sendable, Hashable {
        /// Opened for writing: created when missing, migrated, a damaged file salvaged and set aside, the
        /// orders of older versions moved in, the orders a cut-off buy left `creating` settled (each said to
        /// the diagnostics). What an app that buys uses.
        case readWrite
        /// Opened only to read, when it exists, at the first read: nothing is created, migrated, salvaged or
        /// settled (so there is nothing to do at once; a command whose notes about the file are recorded as
        /// quiet for its version never opens it), and every operation that would write an order (buying,
        /// refreshing an order from its provider, recording a payment, acknowledging set-aside files) fails.
        /// What a command that only reads uses.
        case readOnly
    }
}
