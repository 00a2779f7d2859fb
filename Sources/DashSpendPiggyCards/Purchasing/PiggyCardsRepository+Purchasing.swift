#if PIGGYCARDS_ENABLED
#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif
package import DashSpendCore

extension PiggyCardsRepository: GiftCardPurchasing {
    /// The IP address sent in an order's `user.ip`: the wallets send the device's; a library has none to
    /// give, so it sends the unspecified address.
    static let orderUserIP = "0.0.0.0"

    /// The card an order of `amount` uses (``PiggyCardsCardChoice``), chosen from the cards of `answer` (the
    /// live answer the offer came from: its raw card fields) when it has them, else from GET
    /// `giftcards/US?brandId=`; an amount above ``maximumOrderTotal`` is refused before anything is sent.
    package func productChoice(sourceId: String, amount: Decimal, answer: ProviderMerchantDetails?) async throws
        -> String?
    {
        try await product(sourceId: sourceId, amount: amount, answer: answer).productId
    }

    /// The card ``productChoice(sourceId:amount:answer:)`` picks, with that card's own discount (its
    /// `discount_percentage` less the service fee, as ``PiggyCardsOffer`` reckons the offer's best): a $20
    /// card at 2.5 % is quoted at 100 bp though the brand's $50 card has 3.25 %.
    package func product(sourceId: String, amount: Decimal, answer: ProviderMerchantDetails?) async throws
        -> ProductChoice
    {
        try await product(sourceId: sourceId, amount: amount, quantity: 1, answer: answer)
    }

    /// ``product(sourceId:amount:answer:)`` for `quantity` cards of `amount`: more than the card's stock
    /// (`quantity` in `giftcards/US`) is ``DashSpendError/outOfStock(_:)``, and `amount × quantity` above
    /// ``maximumOrderTotal`` ``DashSpendError/invalidAmount(_:)``, before anything is sent.
    package func product(sourceId: String, amount: Decimal, quantity: Int, answer: ProviderMerchantDetails?) async throws
        -> ProductChoice
    {
        try Self.checkCap(amount * Decimal(max(1, quantity)))
        let brandId = sourceId.trimmedWhitespace
        let cards: [PiggyCardsGiftcard]
        if let answer, answer.provider == .piggyCards, let data = answer.raw?["data"]?.array {
            cards = data.compactMap(PiggyCardsGiftcard.init(json:)).map { $0.inBrand(Int(brandId)) }
        } else {
            cards = try await giftCards(brandId: brandId).cards
        }
        let card = try PiggyCardsCardChoice(cards: cards, amount: amount, brandId: brandId).card
        guard quantity <= card.quantity else {
            throw DashSpendError.outOfStock(
                "PiggyCards has \(card.quantity) \(amount.plainText(fractionDigits: 2)) USD card"
                    + (card.quantity == 1 ? "" : "s") + " of brand \(brandId) in stock, not \(quantity)")
        }
        return ProductChoice(
            productId: card.id.map(String.init),
            discountBasisPoints: card.discountPercentage.flatMap { ($0 * 100).roundedInteger }
                .map { $0 - PiggyCardsOffer.serviceFeeBasisPoints })
    }

    /// POST `orders` for the cards of `request.lines` in one order (each line's card `productId`, else the
    /// one ``productChoice(sourceId:amount:answer:)`` picks for its value), sent to the signed-in e-mail
    /// address; their total above ``maximumOrderTotal`` is refused before anything is sent. An order
    /// created with a `payTo` that cannot be paid is returned without a payment and with PiggyCards'
    /// `payMessage`: the caller keeps it as rejected, as it keeps CTX's.
    package func placeOrder(_ request: PurchaseRequest) async throws -> ProviderOrder {
        try Self.checkCap(request.amount)
        let credentials = try configuration.credentials.load(.piggyCards, network: configuration.network)
        guard let email = credentials?.email else { throw DashSpendError.signInRequired(.piggyCards) }
        var items: [PiggyCardsOrderItem] = []
        for line in request.lines {
            var productId = line.productId.flatMap { Int($0) }
            if productId == nil {
                productId = try await productChoice(sourceId: request.sourceId, amount: line.amount, answer: nil)
                    .flatMap { Int($0) }
            }
            guard let productId else {
                throw DashSpendError.invalidAmount("PiggyCards has no card for \(line.amount) \(request.currency)")
            }
            items.append(
                PiggyCardsOrderItem(
                    productId: productId, quantity: line.quantity, denomination: line.amount, currency: request.currency))
        }
        let order = try await sendOrder(
            PiggyCardsOrderRequest(
                items: items, recipientEmail: email, userIP: Self.orderUserIP, registeredSince: configuration.now()))
        return ProviderOrder(
            provider: .piggyCards, id: order.id, status: .unpaid, paymentURI: order.payment?.uri ?? order.payTo,
            payment: order.payment, message: order.payMessage)
    }

    /// GET `orders/{id}`: the status through ``PiggyCardsOrderStatus/table`` (an unknown word is unknown), the
    /// `payTo` as sent, the cards once delivered. A body whose `code` is not 200 is
    /// ``DashSpendError/rejected(_:)``: PiggyCards does not have the order.
    package func order(id: String) async throws -> ProviderOrder {
        let details = try await orderStatus(orderId: id)
        let cards = details.cards.map {
            DeliveredCard(
                name: $0.name, number: $0.claimCode, pin: $0.claimPin, claimLink: $0.claimLink, barcodeLink: $0.barcodeLink)
        }
        return ProviderOrder(
            provider: .piggyCards, id: details.orderId, status: details.status, providerStatus: details.providerStatus,
            paymentURI: details.payment?.uri ?? details.payTo, payment: details.payment, deliveryTime: details.deliveryTime,
            cards: cards.filter(\.isUsable))
    }

    /// PiggyCards cannot find an order by its paying transaction.
    package func order(transactionId: String) async throws -> ProviderOrder {
        throw DashSpendError.rejected("PiggyCards cannot look an order up by its transaction; use the order id")
    }

    private static func checkCap(_ amount: Decimal) throws {
        guard amount <= maximumOrderTotal else {
            throw DashSpendError.invalidAmount(
                "\(amount.plainText(fractionDigits: 2)) USD is above PiggyCards' order limit of \(maximumOrderTotal) USD")
        }
    }
}
#endif
