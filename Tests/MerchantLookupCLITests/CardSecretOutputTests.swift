import DashSpend
import DashSpendCore
import Foundation
import Testing

@testable import MerchantLookupCLI

/// Issue 28's smaller leaks in how an order is shown: a card's code is masked by its value wherever it
/// appears (a link's host, its port), and C1 and bidirectional controls are escaped in text and JSON.
@Suite("A card's secrets are masked wherever they appear; controls escaped")
struct CardSecretOutputTests {
    static func order(_ card: DeliveredCard) -> Order {
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        return Order(
            id: "o", provider: .ctx, providerOrderId: "ctx-1", merchantId: "m", merchantName: "Nike", sourceId: "s",
            amount: 25, status: .fulfilled, cards: [card], createdAt: now, updatedAt: now)
    }

    @Test("A code in a link's host or port is not shown without --reveal, in text or JSON")
    func codeInHostOrPort() {
        let cards = [
            ("host", "ABCD1234EFGH", DeliveredCard(number: "ABCD1234EFGH", claimLink: "https://ABCD1234EFGH.redeem.example/")),
            ("port", "48213", DeliveredCard(pin: "48213", claimLink: "https://r.example:48213/x")),
            (
                "barcode host", "ZQ77XK",
                DeliveredCard(barcodeLink: "https://zq77xk.codes.example/b.png", redeemChallenge: "ZQ77XK")
            ),
        ]
        for (place, code, card) in cards {
            let text = OrderOutput.text(Self.order(card), reveal: false)
            let json = OrderOutput.json(Self.order(card), reveal: false).serialized()
            #expect(!text.lowercased().contains(code.lowercased()), "\(place): \(text)")
            #expect(!json.lowercased().contains(code.lowercased()), "\(place): \(json)")
            #expect(OrderOutput.text(Self.order(card), reveal: true).contains(code), "shown with --reveal")
        }
        // A plain host is still shown, the path hidden.
        let plain = DeliveredCard(number: "6006491234567890", claimLink: "https://ctx.example/redeem/6006491234567890")
        #expect(OrderOutput.text(Self.order(plain), reveal: false).contains("https://ctx.example/********"))
    }

    @Test("A C1 control in a revealed PIN is escaped in JSON, a bidirectional override in text and JSON")
    func controlsEscaped() {
        let card = DeliveredCard(number: "12\u{9B}34AB", pin: "98\u{202E}76")
        let json = OrderOutput.json(Self.order(card), reveal: true).serialized()
        #expect(!json.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x202E }, "\(json)")
        #expect(json.contains("\\u009b") && json.contains("\\u202e"), "\(json)")
        let text = TerminalText.sanitized(OrderOutput.text(Self.order(card), reveal: true))
        #expect(!text.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x202E }, "\(text)")
        #expect(text.contains("\\u202E"), "\(text)")
        for scalar in [0x061C, 0x200E, 0x200F, 0x202A, 0x2066, 0x2069] as [UInt32] {
            let control = String(Unicode.Scalar(scalar)!)
            #expect(!TerminalText.sanitized("a\(control)b").contains(control), "U+\(String(scalar, radix: 16))")
            var literal = ""
            JSONStringLiteral.append("a\(control)b", to: &literal)
            #expect(!literal.contains(control), "U+\(String(scalar, radix: 16))")
        }
    }
}
