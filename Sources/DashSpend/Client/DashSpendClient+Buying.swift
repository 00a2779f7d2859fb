public import DashSpendCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension DashSpendClient {
    /// What buying a card of `amount` for merchant `idOrName` would be, checked before anything is ordered.
    ///
    /// The merchant is resolved live: every signed-in provider is asked, and the offer bought from must have
    /// been answered live (a purchase never trusts a stored offer), but another provider's failure does not
    /// stop it. The offer is `provider`'s, else the best-ranked enabled one answered live; when no provider
    /// answered, the first provider's failure is thrown (a "sign in" one only when nothing else failed). The
    /// amount must be one of a
    /// fixed card's values, or inside a range with at most two decimals; the provider then checks what it
    /// needs beyond the offer (PiggyCards: a card of that value in stock, its 2,500 USD order cap) without
    /// ordering. The quote states the discount of the card ordered (a PiggyCards brand's cards each have their
    /// own), else the offer's. A refused amount is ``DashSpendFailure/Kind/refused`` with cause
    /// ``DashSpendFailure/Cause/amountNotAllowed`` and a message that lists what is allowed.
    ///
    /// Unless `again`, a card of the same provider, merchant and amount ordered in the last day that may
    /// still be outstanding (its create answer lost, or waiting for its payment) refuses the quote
    /// (``DashSpendFailure/Cause/orderPending``, naming that order): another order would buy it twice. An
    /// orders database that cannot be written (a newer version's) refuses it too, before anything is sent.
    ///
    /// - Throws: ``DashSpendFailure``.
    public func quote(
        merchant idOrName: String, amount: Decimal, provider: GiftCardProvider? = nil, again: Bool = false
    ) async throws -> PurchaseQuote {
        try await purchases.quote(merchant: idOrName, amount: amount, provider: provider, again: again) {
            () async throws(DashSpendFailure) -> ResolvedMerchant in
            try await merchant(idOrName, policy: .networkFirst, prefetched: .none)
        }
    }

    /// Orders the card `quote` describes and returns the order with its payment request.
    ///
    /// - The order is written to the orders database (status `creating`) BEFORE the provider is asked; when it
    ///   cannot be written, nothing is sent (``DashSpendFailure/Kind/cannotWrite``).
    /// - The create request is sent once: nothing here retries it, and the transport never re-sends it.
    /// - When the answer is lost (the connection drops, the time-out passes, the answer cannot be read, HTTP
    ///   5xx) the order may exist: it is kept as `unknown` and the failure says so and under which id
    ///   (``DashSpendFailure/Cause/orderMayExist``). When the provider refuses, or something before the create
    ///   request fails (a token refresh: `OrderNotSent`), nothing was bought and the order is removed.
    /// - The answer's facts are checked against the request (`PaymentCheck`: a payable `dash:` URI, the
    ///   card's amount and currency, the Dash within 2 % of the price at the provider's rate) and its order id
    ///   against the orders kept: an answer that fails is kept as `rejected` with the reason, without a
    ///   payment, and fails as ``DashSpendFailure/Kind/refused`` naming the order.
    /// - The create and the save of its answer run as one of the configuration's critical sections: a
    ///   program that exits on a signal waits for them, and its `InterruptionNote` says which order it was
    ///   and where it stands. A buy killed outright leaves the order `creating`; the next open of the orders
    ///   database makes it `unknown`.
    /// - When the order was created but the save of the provider's answer fails, the order is still returned
    ///   with its payment, ``Order/notSaved`` saying why it is not kept.
    /// - Unless the quote allows it (`again`), a card of the same provider, merchant and amount that may
    ///   still be outstanding refuses the order (checked again: another buy may have ordered it meanwhile).
    ///
    /// - Throws: ``DashSpendFailure``.
    public func placeOrder(_ quote: PurchaseQuote) async throws -> Order {
        try await purchases.placeOrder(quote)
    }

    /// Every order kept for this network, newest first. Reads the orders database only.
    ///
    /// An offline client (``DashSpendConfiguration/offline``) does not write the orders database at all: it
    /// opens it only to read (none kept: an empty list). An online one opens it as the calls about orders do,
    /// which, the first time in a process, salvages what a damaged file held, moves in the orders of an older
    /// version and marks the orders a buy left unfinished `unknown` (said to the diagnostics).
    ///
    /// - Throws: ``DashSpendFailure``.
    public func orders() throws -> [Order] {
        try purchases.orders()
    }

    /// The kept order `id` (the local id, or the provider's order id) without asking the provider. An
    /// offline client only reads the orders database, as ``orders()`` does.
    ///
    /// - Throws: ``DashSpendFailure``.
    public func storedOrder(id: String) throws -> Order {
        try purchases.storedOrder(id: id)
    }

    /// The order `id` with its status refreshed from the provider (and its cards, once delivered), saved.
    ///
    /// The provider's answer goes through `OrderTransition`: one about another order, with another payment
    /// or card, or a step backwards is refused, kept out of the store, said to the diagnostics and in
    /// ``Order/notes``, and the order is returned as kept. An order whose creation answer was lost has no
    /// provider id to ask with; a rejected order and an order fulfilled with its cards kept are final; an
    /// order of a provider this build leaves out cannot be asked: each is returned as kept without asking,
    /// so a delivered card is shown whether or not the provider answers. When the provider cannot be asked,
    /// the failure leaves the kept order (and its cards) as it was.
    ///
    /// - Throws: ``DashSpendFailure``.
    public func order(id: String) async throws -> Order {
        try await purchases.order(id: id)
    }

    /// The order paid by the Dash transaction `transactionId`, asked from `provider` (CTX) and kept.
    ///
    /// The answer is matched to a kept order by `TransactionMatch`: the order the provider knows by that
    /// id, else the one order of the same merchant and amount whose create answer was lost; several such
    /// orders are ambiguous (``DashSpendFailure/Cause/ambiguousOrder``, listing them; nothing is changed),
    /// none makes a new order marked ``Order/foundByTransaction``. The answer then goes through
    /// `OrderTransition` like any other.
    ///
    /// - Throws: ``DashSpendFailure``.
    public func order(transactionId: String, provider: GiftCardProvider = .ctx) async throws -> Order {
        try await purchases.order(transactionId: transactionId, provider: provider)
    }

    /// Every damaged file set aside with orders in it, newest first, whether or not the user was shown it.
    ///
    /// - Throws: ``DashSpendFailure``.
    public func setAsideOrderFiles() throws -> [SetAsideOrderFile] {
        try purchases.setAsideOrderFiles()
    }

    /// The damaged files set aside with orders in it that the user has not been shown yet; empty when there
    /// is no orders database (it is not created for this) or it cannot be read.
    public func unacknowledgedSetAsideOrderFiles() -> [SetAsideOrderFile] {
        purchases.unacknowledgedSetAsideOrderFiles()
    }

    /// The path of the network's orders database when it exists but cannot be read (it is damaged); nil
    /// when it reads, or there is none. Only reads: a damaged file is left as it is here, and salvaged (what
    /// it holds kept, the file set aside and listed by ``setAsideOrderFiles()``) by the next call that opens
    /// it to write: ``orders()`` or ``order(id:)`` on an online client, or a purchase.
    public func damagedOrderDatabase() -> String? {
        purchases.damagedOrderDatabase()
    }

    /// Records that the user has been shown every set-aside file: they are no longer said on every command.
    ///
    /// - Throws: ``DashSpendFailure``.
    public func acknowledgeSetAsideOrderFiles() throws {
        try purchases.acknowledgeSetAsideOrderFiles()
    }

    /// The states of order `id` as it changes, for a screen (or a command) to follow: the kept order as
    /// ``DataState/loading(previous:)``, then each answer as ``DataState/loaded(_:source:fetchedAt:)``
    /// (source `live`) or ``DataState/failed(_:previous:)``, asking again after `polling`'s
    /// waits (2 s doubling to 30 s by default) until the order is fulfilled or rejected. The sequence ends
    /// then, when the order has no provider id to ask with, when the provider's status is a word this
    /// library does not know (the order will not move in words it knows), when the order is not kept, or
    /// when the consuming task is cancelled; a time limit is the caller's.
    public func orderStates(id: String, polling: OrderPolling = .standard) -> AsyncStream<DataState<Order>> {
        purchases.orderStates(id: id, polling: polling)
    }
}
