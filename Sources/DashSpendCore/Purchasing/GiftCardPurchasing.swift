#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A provider that sells gift cards for Dash: the one protocol the front door buys through, whatever the
/// provider.
///
/// ## Implementation requirements
/// - ``placeOrder(_:)`` sends exactly one create request (plus, at most, the one retry after a refused
///   session that the provider did not accept), holding every line of the request; it never retries a
///   request the provider may have accepted. A provider that takes one card per order refuses a request of
///   several (``PurchaseRequest/cardCount``) before sending anything, wrapped in ``OrderNotSent``.
/// - Throw ``DashSpendError`` values; a transport failure after the create request went out is
///   ``DashSpendError/network(_:)`` or ``DashSpendError/timedOut(_:)``, so the caller keeps the order as
///   unknown.
/// - A failure before the create request could have created anything (a sign-in or token refresh before
///   it, or after a 401 that created nothing) is thrown wrapped in ``OrderNotSent``: nothing was ordered.
/// - Never put a card number, PIN, token or password in an error.
public protocol GiftCardPurchasing: Sendable {
    /// The provider.
    var provider: GiftCardProvider { get }

    /// Checks `amount` against what the provider sells now for `sourceId` beyond the resolved offer (stock,
    /// order caps) and returns the product to order, or nil when the provider needs none. Sends no order.
    ///
    /// `answer` is the provider's live answer the offer was resolved from (with its ``ProviderMerchantDetails/raw``
    /// fields), when there is one: the choice is made from it, without asking the provider again for what it
    /// just sent. Without it the provider may be asked.
    func productChoice(sourceId: String, amount: Decimal, answer: ProviderMerchantDetails?) async throws -> String?

    /// ``productChoice(sourceId:amount:answer:)`` with the chosen product's own discount, which a quote then
    /// states instead of the offer's (the best of the merchant's products). The default asks
    /// ``productChoice(sourceId:amount:answer:)`` and states no discount of its own.
    func product(sourceId: String, amount: Decimal, answer: ProviderMerchantDetails?) async throws -> ProductChoice

    /// ``product(sourceId:amount:answer:)`` for `quantity` cards of `amount` in one order: a provider that
    /// knows its stock refuses more cards than it has (``DashSpendError/outOfStock(_:)``). The default asks
    /// ``product(sourceId:amount:answer:)`` whatever the quantity.
    func product(sourceId: String, amount: Decimal, quantity: Int, answer: ProviderMerchantDetails?) async throws
        -> ProductChoice

    /// Creates the order and returns it with its payment request.
    func placeOrder(_ request: PurchaseRequest) async throws -> ProviderOrder

    /// The order's current status and, once delivered, its cards.
    func order(id: String) async throws -> ProviderOrder

    /// The order paid by the Dash transaction `transactionId`; providers that cannot look orders up this
    /// way throw ``DashSpendError/rejected(_:)``.
    func order(transactionId: String) async throws -> ProviderOrder
}

extension GiftCardPurchasing {
    /// The product ``productChoice(sourceId:amount:answer:)`` picks, without a discount of its own.
    public func product(sourceId: String, amount: Decimal, answer: ProviderMerchantDetails?) async throws
        -> ProductChoice
    {
        ProductChoice(productId: try await productChoice(sourceId: sourceId, amount: amount, answer: answer))
    }

    /// The product ``product(sourceId:amount:answer:)`` picks, whatever the quantity.
    public func product(sourceId: String, amount: Decimal, quantity: Int, answer: ProviderMerchantDetails?) async throws
        -> ProductChoice
    {
        try await product(sourceId: sourceId, amount: amount, answer: answer)
    }
}

/// A failure of ``GiftCardPurchasing/placeOrder(_:)`` that happened before its create request could have
/// created an order (a token refresh or a sign-in before it, or after a 401 that created nothing), so
/// nothing was ordered whatever ``error`` is (a network failure or a 5xx of the refresh included).
public struct OrderNotSent: Error {
    /// What failed.
    public let error: any Error

    /// Wraps `error`.
    public init(_ error: any Error) {
        self.error = error
    }
}
