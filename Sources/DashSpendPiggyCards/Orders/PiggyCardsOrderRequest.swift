#if PIGGYCARDS_ENABLED
#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif
import DashSpendCore

/// What POST `orders` sends:
/// `{"orders":[item...],"recipientEmail":"...","user":{"name":"none","ip":"...","metadata":{"registeredSince":"2025-07-01","country":"US","state":"CA"}}}`.
package struct PiggyCardsOrderRequest: Sendable, Hashable {
    /// The cards ordered.
    package var items: [PiggyCardsOrderItem]
    /// Where PiggyCards e-mails the cards.
    package var recipientEmail: String
    /// The buyer's IP address, as the wallets send it.
    package var userIP: String
    /// When the buyer signed up; sent as a `yyyy-MM-dd` day in UTC.
    package var registeredSince: Date
    /// The buyer's country (`US`).
    package var country: String
    /// The buyer's state (`CA`).
    package var state: String

    /// Creates an order request.
    package init(
        items: [PiggyCardsOrderItem], recipientEmail: String, userIP: String, registeredSince: Date,
        country: String = PiggyCardsRepository.country, state: String = "CA"
    ) {
        self.items = items
        self.recipientEmail = recipientEmail
        self.userIP = userIP
        self.registeredSince = registeredSince
        self.country = country
        self.state = state
    }

    /// The sum of every line, in the lines' currency.
    package var total: Decimal { items.reduce(Decimal(0)) { $0 + $1.total } }

    /// `registeredSince` as `yyyy-MM-dd` (UTC).
    var registeredSinceText: String {
        registeredSince.formatted(
            Date.ISO8601FormatStyle(timeZone: TimeZone(secondsFromGMT: 0)!).year().month().day().dateSeparator(.dash))
    }

    /// The request body.
    var json: JSONValue {
        .object([
            "orders": .array(items.map(\.json)),
            "recipientEmail": .string(recipientEmail.trimmedWhitespace),
            "user": .object([
                "name": .string("none"),
                "ip": .string(userIP),
                "metadata": .object([
                    "registeredSince": .string(registeredSinceText),
                    "country": .string(country),
                    "state": .string(state),
                ]),
            ]),
        ])
    }

    /// Throws ``DashSpendError/invalidAmount(_:)`` or ``DashSpendError/rejected(_:)`` for an order
    /// PiggyCards would refuse: no lines, a line without a positive value or quantity, a total above
    /// `maximumTotal`, or a recipient that is not an e-mail address.
    func validate(maximumTotal: Decimal) throws {
        guard !items.isEmpty else { throw DashSpendError.invalidAmount("an order needs at least one card") }
        for item in items {
            guard item.quantity > 0 else { throw DashSpendError.invalidAmount("the quantity must be at least 1") }
            guard item.denomination > 0 else { throw DashSpendError.invalidAmount("the card value must be positive") }
        }
        guard total <= maximumTotal else {
            throw DashSpendError.invalidAmount(
                "the order total \(total.plainText(fractionDigits: 2)) USD is above PiggyCards' limit of \(maximumTotal) USD")
        }
        _ = try EmailAddress.validated(recipientEmail)
    }
}
#endif
