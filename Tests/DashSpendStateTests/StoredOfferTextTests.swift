import DashSpendCore
import DashSpendState
import DashSpendTestSupport
import Foundation
import Testing

/// The stored answer read by hand against `JSONDecoder`: every answer the store writes is read by hand, to
/// the same value; every other text is read by `JSONDecoder`, as before.
@Suite("Stored offer text")
struct StoredOfferTextTests {
    /// Random answers, written as the store writes them: each is read by hand, and to what `JSONDecoder` reads.
    @Test func readsWhatTheStoreWritesAsJSONDecoderDoes() throws {
        var random = SplitMix64(seed: 0x6f66_6665)
        for round in 0..<1_000 {
            let answer = Self.randomAnswer(&random)
            let text = String(decoding: try JSONEncoder().encode(answer), as: UTF8.self)
            let byHand = try #require(StoredOfferText.decodedByHand(text), "round \(round): \(text)")
            let decoded = try JSONDecoder().decode(ProviderMerchantDetails.self, from: Data(text.utf8))
            #expect(Self.same(byHand, decoded), "round \(round): \(text)")
            #expect(Self.same(byHand, answer), "round \(round): \(text)")
        }
    }

    /// Texts of another shape (an edited or older row): declined by hand, and `decode` reads them as
    /// `JSONDecoder` does, with its findings for the fields it cannot read.
    @Test(arguments: [
        #"{"provider":"ctx","sourceId":"a","fetchedAt":1,"enabled":"yes"}"#,
        #"{"provider":"ctx","sourceId":"a","fetchedAt":1,"discountBasisPoints":4.5}"#,
        #"{"provider":"ctx","sourceId":"a","fetchedAt":1,"denominationsType":"range"}"#,
        #"{"provider":"ctx","sourceId":"a","fetchedAt":1,"denominations":{"type":"fixed","values":[50,10]}}"#,
        #"{"provider":"ctx","sourceId":"a","fetchedAt":1,"denominations":{"type":"fixed","values":[10],"minimum":5}}"#,
        #"{"provider":"ctx","sourceId":"a","fetchedAt":1,"denominations":{"type":"min-max","values":[]}}"#,
        #"{"provider":"ctx","sourceId":"a","fetchedAt":1,"implausibleFields":[{"field":"enabled","reason":"r"}]}"#,
        #"{"provider":"ctx","sourceId":"a","fetchedAt":1,"extra":true}"#,
        #"{"provider":"ctx","sourceId":"a","fetchedAt":1e2}"#,
        #"{"provider":"ctx","sourceId":"a","fetchedAt":1,"name":"a","name":"b"}"#,
    ])
    func otherShapesReadAsJSONDecoderDoes(text: String) throws {
        #expect(StoredOfferText.decodedByHand(text) == nil)
        let decoded = try JSONDecoder().decode(ProviderMerchantDetails.self, from: Data(text.utf8))
        #expect(Self.same(try StoredOfferText.decode(text), decoded))
    }

    /// Texts that are no answer at all: refused both ways.
    @Test(arguments: [
        #"{"sourceId":"a","fetchedAt":1}"#, #"{"provider":"nobody","sourceId":"a","fetchedAt":1}"#,
        #"{"provider":"ctx","sourceId":"a"}"#, #"{"provider":"ctx","sourceId":7,"fetchedAt":1}"#, "[]", "{", "",
    ])
    func notAnAnswerIsRefused(text: String) {
        #expect(StoredOfferText.decodedByHand(text) == nil)
        #expect(throws: (any Error).self) { try StoredOfferText.decode(text) }
    }

    // MARK: - Random answers

    private static func randomAnswer(_ random: inout SplitMix64) -> ProviderMerchantDetails {
        func maybe<T>(_ make: () -> T) -> T? { random.next() % 4 == 0 ? nil : make() }
        let provider = GiftCardProvider.allCases[Int(random.next() % UInt64(GiftCardProvider.allCases.count))]
        let type: DenominationsType = random.next() % 2 == 0 ? .fixed : .flexible
        let denominations: Denominations? =
            random.next() % 4 == 0
            ? nil
            : type == .fixed
                ? .fixed((0..<Int(random.next() % 6)).map { _ in amount(&random) })
                : .flexible(minimum: amount(&random), maximum: amount(&random))
        let texts = ["Café Rio", "AT&T / Cricket", "\"Quoted\" \\ slash", "日本 😀", "tab\there", "\u{202E}x", ""]
        return ProviderMerchantDetails(
            provider: provider, sourceId: UUID().uuidString.lowercased(),
            name: maybe { texts[Int(random.next() % UInt64(texts.count))] },
            enabled: maybe { random.next() % 2 == 0 },
            discountBasisPoints: maybe { Int(random.next() % 20_001) - 10_000 },
            denominationsType: maybe { type }, denominations: denominations,
            fetchedAt: Date(timeIntervalSinceReferenceDate: Double(random.next() % 1_000_000_000_000) / 1_000_000 + 7e8),
            enabledReason: maybe { texts[Int(random.next() % UInt64(texts.count))] })
    }

    private static func amount(_ random: inout SplitMix64) -> Decimal {
        let cents = Decimal(Int(random.next() % 100_000))
        return random.next() % 2 == 0 ? cents : cents / 100
    }

    /// Equal, with every amount written with the same digits and the same instant to the bit.
    private static func same(_ a: ProviderMerchantDetails, _ b: ProviderMerchantDetails) -> Bool {
        func digits(_ d: Denominations?) -> [String] {
            guard let d else { return [] }
            return d.values.map(\.exactText) + [d.minimum?.exactText ?? "-", d.maximum?.exactText ?? "-"]
        }
        return a == b && digits(a.denominations) == digits(b.denominations)
            && a.fetchedAt.timeIntervalSinceReferenceDate.bitPattern == b.fetchedAt.timeIntervalSinceReferenceDate.bitPattern
    }
}
