public import DashSpendCore
public import DashSpendMerchants
public import DashSpendOrders
public import DashSpendPurchasing
import DashSpendSetup

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension DashSpendClient {
    /// What buying a card of `amount` for merchant `idOrName` would be, checked before anything is ordered:
    /// ``quote(merchant:amounts:provider:again:)`` for one card.
    ///
    /// - Throws: ``DashSpendFailure``.
    public func quote(
        merchant idOrName: String, amount: Decimal, provider: GiftCardProvider? = nil, again: Bool = false
    ) async throws -> PurchaseQuote {
        try await quote(merchant: idOrName, amounts: [PurchaseAmount(value: amount)], provider: provider, again: again)
    }

    /// What buying the cards of `amounts` (each a value and how many cards of it) for merchant `idOrName`
    /// in one order would be, checked before anything is ordered.
    ///
    /// The merchant is resolved live: every signed-in provider is asked, and the offer bought from must have
    /// been answered live (a purchase never trusts a stored offer), but another provider's failure does not
    /// stop it. The offer is `provider`'s, else the best-ranked enabled one answered live; when no provider
    /// answered, the first provider's failure is thrown (a "sign in" one only when nothing else failed). Each
    /// amount must be one of a fixed card's values, or inside a range with at most two decimals; the provider
    /// then checks what it needs beyond the offer (PiggyCards: a card of that value with that many in stock)
    /// without ordering. A refused amount is ``DashSpendFailure/Kind/refused`` with cause
    /// ``DashSpendFailure/Cause/amountNotAllowed`` and a message that lists what is allowed.
    ///
    /// Several cards (several amounts, or a quantity above 1; cards of one value asked twice are one line)
    /// are one order paid by one payment, from a provider that takes them
    /// (``ProviderInfo/severalCardsPerOrder``: PiggyCards): without `provider`, only such providers' offers
    /// are chosen from. A provider that sells one card per order (CTX) refuses them
    /// (``DashSpendFailure/Cause/oneCardPerOrder``), and so does a merchant no such provider sells. The
    /// provider's cap on one order (``ProviderInfo/maximumOrderTotal``: PiggyCards' 2,500 USD) applies to the
    /// total (``DashSpendFailure/Cause/amountNotAllowed``). The quote lists every line with the discount of
    /// its card (a PiggyCards brand's cards each have their own), its ``PurchaseQuote/price`` is what they
    /// all cost, and that total is what the order's Dash payment is checked against.
    ///
    /// Unless `again`, an order of the same merchant and total ordered in the last day that may still be
    /// outstanding (its create answer lost, or waiting for its payment) refuses the quote
    /// (``DashSpendFailure/Cause/orderPending``, naming that order): another order would buy it twice. An
    /// orders database that cannot be written (a newer version's) refuses it too, before anything is sent.
    ///
    /// - Throws: ``DashSpendFailure``.
    public func quote(
        merchant idOrName: String, amounts: [PurchaseAmount], provider: GiftCardProvider? = nil, again: Bool = false
    ) async throws -> PurchaseQuote {
        try await purchases.quote(merchant: idOrName, amounts: amounts, provider: provider, again: again)
    }

    /// Orders the cards `quote` describes (one card, or its lines in one order) and returns the order with
    /// its one payment request.
    ///
    /// - The order is written to the orders database (status `creating`) BEFORE the provider is asked; when it
    ///   cannot be written, nothing is sent (``DashSpendFailure/Kind/cannotWrite``).
    /// - The create request is sent once: nothing here retries it, and the transport never re-sends it.
    /// - When the answer is lost (the connection drops, the time-out passes, the answer cannot be read, HTTP
    ///   5xx) the order may exist: it is kept as `unknown` and the failure says so and under which id
    ///   (``DashSpendFailure/Cause/orderMayExist``). When the provider refuses, or something before the create
    ///   request fails (a token refresh: `OrderNotSent`), nothing was bought and the order is removed.
    /// - The answer's facts are checked against the request (`PaymentCheck`: a payable `dash:` URI, the
    ///   card's amount and currency, the Dash within 2 % of the price at the provider's rate; for several
    ///   cards, of their total price) and its order id
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
    /// - The order keeps its lines (``Order/lines``); each card delivered later is kept under its line, and a
    ///   delivery of some of the cards is kept and shown as such (``Order/isPartiallyDelivered``) until the
    ///   rest come.
    ///
    /// - Throws: ``DashSpendFailure``.
    public func placeOrder(_ quote: PurchaseQuote) async throws -> Order {
        try await purchases.placeOrder(quote)
    }

    /// Every order kept for this network, newest first. Reads the orders database only.
    ///
    /// Reads the store the client opened (``DashSpendConfiguration/ordersAccess``): opened for writing, its
    /// open salvaged what a damaged file held, moved in the orders of an older version and marked the orders
    /// a buy left unfinished `unknown` (said to the diagnostics); opened only to read, the file is left as it
    /// was (none kept: an empty list).
    ///
    /// - Throws: ``DashSpendFailure``.
    public func orders() throws -> [Order] {
        try purchases.orders()
    }

    /// The kept order `id` (the local id, or the provider's order id) without asking the provider. Only
    /// reads, as ``orders()`` does.
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
    /// provider id to ask with (unless the transaction that paid it was recorded, and its provider finds
    /// orders by it: then it is asked by that transaction, as ``order(transactionId:provider:)``); an order
    /// fulfilled with all its cards kept is final (one with only some of them is asked again for the rest); an
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
    /// id, else the order this transaction was recorded for (``recordPayment(orderId:transactionId:)``), else
    /// the one order of the same merchant and amount whose create answer was lost; several such
    /// orders are ambiguous (``DashSpendFailure/Cause/ambiguousOrder``, listing them; nothing is changed),
    /// none makes a new order marked ``Order/foundByTransaction``. The answer then goes through
    /// `OrderTransition` like any other, and the transaction is recorded for the order (a hexadecimal id
    /// lowercased); an order with another transaction recorded is refused
    /// (``DashSpendFailure/Cause/paymentAlreadyRecorded``), nothing changed.
    ///
    /// - Throws: ``DashSpendFailure``.
    public func order(transactionId: String, provider: GiftCardProvider = .ctx) async throws -> Order {
        try await purchases.order(transactionId: transactionId, provider: provider)
    }

    /// Records `transactionId` as the Dash transaction that paid order `orderId` (the local id, or the
    /// provider's order id), as a wallet does once it has sent the payment; returns the order as kept.
    ///
    /// - The transaction id is 64 hexadecimal digits (any case, kept lowercased); anything else is
    ///   ``DashSpendFailure/Kind/invalidRequest`` and nothing is written.
    /// - It is recorded once, in the orders database, with when (``Order/transactionRecordedAt``): the same
    ///   transaction again changes nothing; another one is refused (``DashSpendFailure/Cause/paymentAlreadyRecorded``,
    ///   naming the one kept) and nothing is written. A transaction the order was found by
    ///   (``order(transactionId:provider:)``) counts as recorded.
    /// - An order with a recorded transaction is no longer payable (``Order/isPayable``): it is not paid twice.
    /// - The record is kept like the order's other facts: never cleared by a later answer, and carried over
    ///   when a damaged orders file is salvaged.
    /// - For a provider that finds orders by their paying transaction (``ProviderInfo/findsOrdersByTransaction``:
    ///   CTX), an order whose create answer was lost is then found by it: ``order(id:)`` asks by the recorded
    ///   transaction, and ``order(transactionId:provider:)`` attaches the answer to this order.
    ///
    /// Nothing is asked of the provider. An orders database written by a newer version refuses it
    /// (``DashSpendFailure/Kind/cannotWrite``).
    ///
    /// - Throws: ``DashSpendFailure``.
    @discardableResult
    public func recordPayment(orderId: String, transactionId: String) throws -> Order {
        try purchases.recordPayment(orderId: orderId, transactionId: transactionId)
    }

    /// Every damaged file set aside with orders in it, newest first, whether or not the user was shown it.
    ///
    /// - Throws: ``DashSpendFailure``.
    public func setAsideOrderFiles() throws -> [SetAsideOrderFile] {
        try purchases.setAsideOrderFiles()
    }

    /// The damaged files set aside with orders in it that the user has not been shown yet; empty when there
    /// is no orders database (it is not created for this) or it cannot be read. The orders file is only read,
    /// once per version of it: a version with nothing to say (no such file, not damaged) is recorded in the
    /// state directory (`quiet-orders-files`) and not read again.
    public func unacknowledgedSetAsideOrderFiles() -> [SetAsideOrderFile] {
        purchases.unacknowledgedSetAsideOrderFiles()
    }

    /// The path of the network's orders database when it exists but cannot be read (it is damaged); nil
    /// when it reads, or there is none. Only reads: a damaged file is left as it is here, and salvaged (what
    /// it holds kept, the file set aside and listed by ``setAsideOrderFiles()``) by the next call that opens
    /// it to write: ``orders()`` or ``order(id:)`` on an online client, or a purchase. Read once per version
    /// of the file, as ``unacknowledgedSetAsideOrderFiles()`` is.
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
