package import DashSpendOrders

/// What every command says about the orders file: that it is damaged, and the damaged files set aside with
/// orders in them that the user has not been shown yet.
package struct OrdersFileNotes: Sendable {
    /// The path of the orders file (or of what is in its place) when it exists and cannot be read.
    package var damaged: String?
    /// The set-aside files not yet shown, newest first.
    package var unacknowledged: [SetAsideOrderFile]

    /// Nothing to say.
    package static let none = OrdersFileNotes(damaged: nil, unacknowledged: [])

    /// Whether there is nothing to say.
    package var isEmpty: Bool { damaged == nil && unacknowledged.isEmpty }
}
