import DashSpendCore
import Foundation
import Testing

@Suite("Reading database and API values")
struct ModelParsingTests {
    @Test(
        "Denominations types: every spelling, any case, trimmed",
        arguments: [
            ("fixed", DenominationsType.fixed), ("Fixed", .fixed), (" FIXED ", .fixed), ("option", .fixed),
            ("min-max", .flexible), ("min-max-major", .flexible), ("Min-Max-Major", .flexible), (" Range ", .flexible),
        ])
    func denominationsTypes(raw: String, expected: DenominationsType) {
        #expect(DenominationsType(parsing: raw) == expected)
    }

    @Test("A redeem type is not a denominations type")
    func notADenominationsType() {
        for raw in ["barcode", "pin", "url", "", "  ", "fixed-ish"] {
            #expect(DenominationsType(parsing: raw) == nil)
        }
        #expect(DenominationsType(parsing: nil) == nil)
    }

    @Test("Payment method: only 'dash' (trimmed, any case) is Dash")
    func paymentMethod() {
        #expect(PaymentMethod(parsing: "dash") == .dash)
        #expect(PaymentMethod(parsing: "dash ") == .dash)
        #expect(PaymentMethod(parsing: " DASH") == .dash)
        #expect(PaymentMethod(parsing: "gift card") == .giftCard)
        #expect(PaymentMethod(parsing: nil) == .giftCard)
        #expect(PaymentMethod(parsing: "dashing") == .giftCard)
    }

    @Test("Merchant type: unknown values never crash")
    func merchantType() {
        #expect(MerchantType(parsing: "Online") == .online)
        #expect(MerchantType(parsing: " both ") == .both)
        #expect(MerchantType(parsing: "kiosk") == .unknown)
        #expect(MerchantType(parsing: nil) == .unknown)
    }

    @Test(
        "Trimming: the ASCII fast path and the full walk agree",
        arguments: [
            ("plain", "plain"), ("  padded  ", "padded"), ("\ttabs\n", "tabs"), ("", ""), ("   ", ""),
            ("é at the start", "é at the start"), (" café ", "café"), ("\u{3000}ideographic\u{3000}", "ideographic"),
            ("a", "a"), ("line\r\n", "line"),
        ])
    func trimming(raw: String, expected: String) {
        #expect(raw.trimmedWhitespace == expected)
        #expect(raw[...].trimmedWhitespace == expected)
    }

    @Test("Fixed denominations are sorted and de-duplicated; flexible falls back to 5-500")
    func denominations() {
        #expect(Denominations.fixed([50, 10, 25, 10]).values == [10, 25, 50])
        #expect(Denominations.fallback(for: .flexible) == .flexible(minimum: 5, maximum: 500))
        #expect(Denominations.fallback(for: .fixed).values.isEmpty)
    }

    @Test("A chain takes the first present value and says where it came from")
    func chain() {
        let resolved = Resolved<Int>.first(
            [(nil, .live, .ctx, nil), (7, .cached, .ctx, nil), (9, .local, nil, nil)],
            default: 0)
        #expect(resolved == Resolved(7, source: .cached, provider: .ctx))
        #expect(Resolved<Int>.first([(nil, .live, nil, nil)], default: 3) == Resolved(3, source: .default))
    }
}
