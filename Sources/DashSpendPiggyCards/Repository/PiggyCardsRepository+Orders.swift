#if PIGGYCARDS_ENABLED
#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif
import DashSpendCore

extension PiggyCardsRepository {
    /// The largest order PiggyCards takes, in USD (its total, whatever the number of cards): larger orders are
    /// refused before anything is sent. ``ProviderInfo/maximumOrderTotal`` of PiggyCards.
    package static let maximumOrderTotal: Decimal = ProviderInfo.piggyCards.maximumOrderTotal ?? 2_500

    /// GET `brands/US`: the brands PiggyCards sells in the catalogue's country. Entries without an id are
    /// skipped.
    package func brands() async throws -> [PiggyCardsBrand] {
        let response = try await authorized { [client] token in
            client.request("GET", ["brands", Self.country], bearer: token)
        }
        let json = try PiggyCardsClient.json(from: response, call: .brands)
        guard let list = json.array ?? json["data"]?.array else {
            throw DashSpendError.unreadableAnswer("PiggyCards sent brands that are not a list")
        }
        return list.compactMap(PiggyCardsBrand.init(json:))
    }

    /// POST `orders`. The order is checked first (at least one card, positive values and quantities, a
    /// total of at most ``maximumOrderTotal`` USD, an e-mail recipient) and refused with
    /// ``DashSpendError/invalidAmount(_:)`` or ``DashSpendError/rejected(_:)`` without sending anything.
    ///
    /// When PiggyCards' `payTo` is empty or not a payable `dash:<address>?amount=<DASH>` URI, the order
    /// cannot be paid: this throws ``DashSpendError/rejected(_:)`` carrying PiggyCards' `payMessage`.
    package func createOrder(_ order: PiggyCardsOrderRequest) async throws -> PiggyCardsOrder {
        let created: PiggyCardsCreatedOrder
        do {
            created = try await sendOrder(order)
        } catch let unsent as OrderNotSent {
            throw unsent.error
        }
        return try PiggyCardsOrder(created)
    }

    /// ``createOrder(_:)`` with the answer as sent, payable or not (the caller keeps an unpayable order);
    /// a failure before the request could create anything (the log-in) is thrown as ``OrderNotSent``.
    func sendOrder(_ order: PiggyCardsOrderRequest) async throws -> PiggyCardsCreatedOrder {
        try order.validate(maximumTotal: Self.maximumOrderTotal)
        let body = order.json
        let response = try await authorized(creating: true) { [client] token in
            client.request("POST", ["orders"], body: body, bearer: token)
        }
        let json = try PiggyCardsClient.json(from: response, call: .createOrder)
        try JSONDuplicateKeys.check(response.body, provider: .piggyCards)
        return try PiggyCardsCreatedOrder(json: json, network: configuration.network)
    }

    /// GET `orders/{orderId}`: the order's status and, once delivered, its cards. An HTTP 404, or a body
    /// whose `code` is not 200, is ``OrderNotKnown``.
    package func orderStatus(orderId: String) async throws -> PiggyCardsOrderDetails {
        let id = orderId.trimmedWhitespace
        guard !id.isEmpty else { throw DashSpendError.rejected("an order id is needed") }
        let response = try await authorized { [client] token in
            client.request("GET", ["orders", id], bearer: token)
        }
        if response.status == 404 {
            // PiggyCards does not know the order: said apart, so that the order is not shown as payable.
            throw OrderNotKnown(PiggyCardsErrorMapper.error(for: response, call: .orderStatus(orderId: id)))
        }
        let json = try PiggyCardsClient.json(from: response, call: .orderStatus(orderId: id))
        try JSONDuplicateKeys.check(response.body, provider: .piggyCards)
        return try PiggyCardsOrderDetails(json: json, requestedId: id, network: configuration.network)
    }

    /// GET `exchange-rate?currency=USD`: what one Dash is worth in `currency` at PiggyCards.
    package func exchangeRate(currency: String = "USD") async throws -> PiggyCardsExchangeRate {
        let code = currency.trimmedWhitespace.uppercased()
        let response = try await authorized { [client] token in
            client.request("GET", ["exchange-rate"], query: [("currency", code)], bearer: token)
        }
        let json = try PiggyCardsClient.json(from: response, call: .exchangeRate)
        try JSONDuplicateKeys.check(response.body, provider: .piggyCards)
        return try PiggyCardsExchangeRate(json: json, requestedCurrency: code)
    }
}
#endif
