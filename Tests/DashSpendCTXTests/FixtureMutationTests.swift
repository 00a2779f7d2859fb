import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

@testable import DashSpendCTX

@Suite("CTX answers missing a field or mutated at random decode or fail, never crash", hangGuard(minutes: 2))
struct CTXFixtureMutationTests {
    @Test func everyMerchantFixtureSurvivesLosingAnyOneField() throws {
        let fixtures = try ProviderFixtures.files("ctx/merchants")
        try #require(fixtures.count >= 5)
        for fixture in fixtures {
            let members = try #require(try JSONValue.parse(fixture.data).object)
            for key in members.keys {
                var reduced = members
                reduced[key] = nil
                let merchant = CTXMerchantResponse(json: .object(reduced))
                if key == "id" {
                    #expect(merchant == nil, "\(fixture.name) without id")
                } else {
                    let decoded = try #require(merchant, "\(fixture.name) without \(key)")
                    let full = try #require(CTXMerchantResponse(json: .object(members)))
                    #expect(decoded.id == full.id)
                    // Every field other than the removed one keeps its value.
                    if key != "name" { #expect(decoded.name == full.name) }
                    if !["userDiscount", "savingsPercentage"].contains(key) {
                        #expect(decoded.discountBasisPoints == full.discountBasisPoints)
                    }
                    if key != "enabled" { #expect(decoded.isEnabled == full.isEnabled) }
                    _ = decoded.details(fetchedAt: Date())
                }
            }
        }
    }

    @Test func everyGiftCardFixtureSurvivesLosingAnyOneField() throws {
        let fixtures = try ProviderFixtures.files("ctx/gift-cards")
        #expect(!fixtures.isEmpty)
        for fixture in fixtures {
            let members = try #require(try JSONValue.parse(fixture.data).object)
            for key in members.keys {
                var reduced = members
                reduced[key] = nil
                let card = CTXGiftCard(json: .object(reduced))
                #expect((card == nil) == ["id", "status", "paymentId"].contains(key), "\(fixture.name) without \(key)")
            }
        }
    }

    @Test func randomByteMutationsNeverCrashDecoding() throws {
        let fixtures =
            try ProviderFixtures.files("ctx/merchants") + ProviderFixtures.files("ctx/gift-cards")
            + ProviderFixtures.files("ctx/errors")
        var generator = SplitMix64(seed: 0xDA54_5BE7)
        var decoded = 0
        for index in 0..<3_000 {
            let fixture = fixtures[index % fixtures.count]
            let mutated = ProviderFixtures.mutate(fixture.data, using: &generator)
            _ = ProviderErrorBody(mutated)
            guard let json = try? JSONValue.parse(mutated) else { continue }
            if let merchant = CTXMerchantResponse(json: json) {
                decoded += 1
                let details = merchant.details(fetchedAt: Date())
                if let range = details.denominations, range.type == .flexible {
                    #expect(range.minimum! <= range.maximum!, "case \(index)")
                }
            }
            _ = CTXGiftCard(json: json)
        }
        // Many single-byte edits inside strings keep the document valid: decoding must still succeed then.
        #expect(decoded > 300)
    }
}
