package import DashSpendCore
package import DashSpendOrders

/// Which kept order a provider's answer about a paying transaction belongs to (`order --txid`).
///
/// 0. The order of that provider the transaction was recorded for (``Order/transactionId``, any case), unless
///    the provider knows the answer's order id as another kept order's.
/// 1. The order the provider knows by that id.
/// 2. Else, among the orders of that provider whose create answer was lost (`creating` or `unknown`, no
///    provider id), those of the same merchant (the provider's merchant name, trimmed, any case) and the same
///    card amount. One is the match; several are ambiguous (nothing is changed: a person chooses). An answer
///    without a merchant name or a card amount matches none of them: attaching it to the wrong order would
///    leave the right one unknown for ever.
/// 3. Else none: the order was placed elsewhere and is kept as a new order, found by its transaction.
package enum TransactionMatch: Sendable, Hashable {
    /// The kept order the answer is about.
    case kept(Order)
    /// Several kept orders could be it, newest first.
    case ambiguous([Order])
    /// No kept order is it.
    case none

    /// Matches `answer`, the provider's answer about the order paid by `transactionId`, among `orders`.
    package static func match(_ answer: ProviderOrder, transactionId: String, among orders: [Order]) -> TransactionMatch {
        let provider = answer.provider.id
        if let known = orders.first(where: { $0.providerId == provider && $0.providerOrderId == answer.id }) {
            return .kept(known)
        }
        let txid = transactionId.lowercased()
        if let recorded = orders.first(where: { $0.providerId == provider && $0.transactionId?.lowercased() == txid }) {
            return .kept(recorded)
        }
        guard let name = answer.merchantName?.trimmedWhitespace.lowercased(), !name.isEmpty,
            let amount = answer.fiatAmount
        else { return .none }
        let candidates = orders.filter { order in
            order.providerId == provider && order.providerOrderId == nil
                && (order.status == .unknown || order.status == .creating) && order.amount == amount
                && order.merchantName.trimmedWhitespace.lowercased() == name
        }
        switch candidates.count {
        case 0: return .none
        case 1: return .kept(candidates[0])
        default: return .ambiguous(candidates.sorted { $0.createdAt > $1.createdAt })
        }
    }
}
