package import DashSpendCore

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

extension CTXRepository: GiftCardPurchasing {
    /// CTX sells any amount its merchant answer allows: no product to choose, nothing sent.
    package func productChoice(sourceId: String, amount: Decimal, answer: ProviderMerchantDetails?) async throws -> String? {
        nil
    }

    /// How long the fetch of a payment request may take, at most: the create and the fetch are one
    /// critical section, which an exit waits for the client's time-out plus 10 s.
    static let paymentRequestSeconds: Double = 8

    /// POST `gift-cards` for `request.amount` (two decimals, `.`) at merchant `request.sourceId`. When the
    /// `DASH.DASH` URI is a BIP72 payment request (`r=`), the request is fetched and checked
    /// (``PaymentRequestFetcher``: a signature that fails is a failure) and the order's payment is paid through
    /// it; when that fails, the order has
    /// no payment and its message says why (the order exists at CTX: nothing is thrown). CTX sells one card
    /// per order: a request of several is refused before anything is sent (``OrderNotSent``).
    package func placeOrder(_ request: PurchaseRequest) async throws -> ProviderOrder {
        guard request.cardCount == 1 else {
            throw OrderNotSent(
                DashSpendError.invalidAmount("CTX sells one card per order, not \(request.cardCount) in one order"))
        }
        let card = try await sendPurchase(
            merchantId: request.sourceId, fiatAmount: request.amount, fiatCurrency: request.currency)
        var order = card.order(network: configuration.network)
        guard let sent = card.dashPaymentURL, let uri = DashURI(parsing: sent, network: configuration.network),
            uri.paymentRequestURL != nil
        else { return order }
        let fetcher = PaymentRequestFetcher(
            transport: configuration.transport, timeout: min(configuration.timeout, Self.paymentRequestSeconds),
            trustedRoots: configuration.paymentRequestTrustedRoots)
        do {
            let payment = try await fetcher.payment(for: uri, network: configuration.network, at: configuration.now())
            order.payment = payment
            order.dashAmount = payment.amount
        } catch {
            order.message = "CTX asks to be paid by payment request, and \(error)"
        }
        return order
    }

    /// GET `gift-cards/{id}`.
    package func order(id: String) async throws -> ProviderOrder {
        try await giftCard(orderId: id).order(network: configuration.network)
    }

    /// GET `gift-cards?txid=`.
    package func order(transactionId: String) async throws -> ProviderOrder {
        try await giftCard(txid: transactionId).order(network: configuration.network)
    }
}

extension CTXGiftCard {
    /// The provider-neutral order: the status through ``CTXOrderStatus/table`` (an unknown word is unknown),
    /// the payment from `paymentUrls["DASH.DASH"]` (never another entry), the card once CTX sends a number,
    /// PIN, barcode, redemption link or its challenge. The note that CTX sent no Dash payment is given only
    /// for an order waiting for one.
    package func order(network: DashSpendNetwork) -> ProviderOrder {
        let card = DeliveredCard(
            name: merchantName, number: number, pin: pin, claimLink: redeemURL, barcodeLink: barcodeURL,
            redeemChallenge: redeemURLChallenge)
        let payment = dashPaymentURL.flatMap { DashPaymentURI(parsing: $0, network: network) }
        let status = CTXOrderStatus.table.status(for: self.status)
        return ProviderOrder(
            provider: .ctx, id: id, status: status, providerStatus: self.status, paymentURI: dashPaymentURL,
            payment: payment, dashAmount: payment?.amount ?? paymentCryptoAmount.flatMap { Decimal(plainText: $0) },
            fiatAmount: cardFiatAmount.flatMap { Decimal(plainText: $0) }, fiatCurrency: cardFiatCurrency,
            paymentFiatAmount: paymentFiatAmount.flatMap { Decimal(plainText: $0) },
            dashRate: rate.flatMap { Decimal(plainText: $0) }, merchantName: merchantName,
            cards: card.isUsable ? [card] : [],
            message: dashPaymentURL == nil && status == .unpaid ? "CTX sent no DASH.DASH payment URI" : nil)
    }
}
