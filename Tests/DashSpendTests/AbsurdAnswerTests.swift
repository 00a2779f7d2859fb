import DashSpend
import DashSpendCore
import DashSpendExplore
import DashSpendSQLite
import DashSpendTestSupport
import Foundation
import Testing

/// An answer outside what can be real is not a value: the field counts as missing and the chain falls
/// through to the next source, for a live answer and for one read back from the offer store.
@Suite("Absurd provider answers are not values", hangGuard(minutes: 2))
struct AbsurdAnswerTests {
    /// A CTX answer for the Home Depot merchant with `fields` (JSON members) besides its id.
    static func ctxAnswer(_ fields: String) -> String {
        #"{"id":"\#(ServiceFixture.homeCTX)","name":"Home Depot",\#(fields)}"#
    }

    /// Each absurd CTX answer, and the field (of the offer) that must fall through to the stored answer.
    static let absurd: [(fields: String, field: String)] = [
        (#""enabled":true,"savingsPercentage":10000,"denominationType":"fixed","denominations":["25"]"#, "discount"),
        (#""enabled":true,"savingsPercentage":-10000,"denominationType":"fixed","denominations":["25"]"#, "discount"),
        (#""enabled":true,"userDiscount":12000,"denominationType":"fixed","denominations":["25"]"#, "discount"),
        (#""enabled":true,"savingsPercentage":300,"denominationType":"fixed","denominations":["0","25"]"#, "denominations"),
        (#""enabled":true,"savingsPercentage":300,"denominationType":"fixed","denominations":["-5","25"]"#, "denominations"),
        (
            #""enabled":true,"savingsPercentage":300,"denominationType":"fixed","denominations":["25","10000.01"]"#,
            "denominations"
        ),
        (#""enabled":true,"savingsPercentage":300,"denominationType":"fixed","denominations":["12.505"]"#, "denominations"),
        (#""enabled":true,"savingsPercentage":300,"denominationType":"fixed","denominations":[25,50000]"#, "denominations"),
        (#""enabled":"yes","savingsPercentage":300,"denominationType":"fixed","denominations":["25"]"#, "enabled"),
        (#""enabled":{"on":true},"savingsPercentage":300,"denominationType":"fixed","denominations":["25"]"#, "enabled"),
    ]

    @Test("An absurd live field falls through to the stored answer; the plausible fields stay live", arguments: 0..<10)
    func liveFallsThrough(_ index: Int) async throws {
        let (fields, field) = Self.absurd[index]
        let fixture = try ServiceFixture()
        try fixture.signIn(.ctx)
        // A good answer first, stored: enabled, 300 bp, fixed 10/12.50/25/50.
        _ = try await fixture.service().resolve(merchantId: "m-home")
        fixture.server.loopback.inject(
            .respond(status: 200, body: Self.ctxAnswer(fields)),
            path: fixture.server.path(.ctx, "merchants/\(ServiceFixture.homeCTX)"), times: 1)
        let ctx = try #require(try await fixture.service().resolve(merchantId: "m-home").offer(.ctx))
        let sources: [String: ValueSource] = [
            "enabled": ctx.enabled.source, "discount": ctx.discountBasisPoints.source,
            "denominations": ctx.denominations.source,
        ]
        for (name, source) in sources {
            #expect(source == (name == field ? .cached : .live), "\(name) in \(fields)")
        }
        switch field {
        case "discount": #expect(ctx.discountBasisPoints.value == 300)
        case "denominations": #expect(ctx.denominations.value == .fixed([10, 12.5, 25, 50]))
        default: #expect(ctx.enabled.value == true)
        }
    }

    @Test("A min above max is not a range: the stored one wins")
    func invertedRange() async throws {
        let fixture = try ServiceFixture()
        try fixture.signIn(.ctx)
        let path = fixture.server.path(.ctx, "merchants/\(ServiceFixture.homeCTX)")
        fixture.server.loopback.inject(
            .respond(
                status: 200,
                body: Self.ctxAnswer(#""savingsPercentage":300,"denominationType":"min-max","denominations":["5","200"]"#)),
            path: path, times: 1)
        _ = try await fixture.service().resolve(merchantId: "m-home")
        fixture.server.loopback.inject(
            .respond(
                status: 200,
                body: Self.ctxAnswer(#""savingsPercentage":300,"denominationType":"min-max","denominations":["200","5"]"#)),
            path: path, times: 1)
        let ctx = try #require(try await fixture.service().resolve(merchantId: "m-home").offer(.ctx))
        #expect(ctx.denominations.value == .flexible(minimum: 5, maximum: 200))
        #expect(ctx.denominations.source == .cached)
    }

    @Test("With nothing stored, an absurd discount falls to the explore database, never shown")
    func fallsToLocal() async throws {
        let fixture = try ServiceFixture()
        try fixture.signIn(.ctx)
        fixture.server.loopback.inject(
            .respond(status: 200, body: Self.ctxAnswer(#""savingsPercentage":10000"#)),
            path: fixture.server.path(.ctx, "merchants/\(ServiceFixture.homeCTX)"))
        let ctx = try #require(try await fixture.service().resolve(merchantId: "m-home").offer(.ctx))
        #expect(ctx.discountBasisPoints == Resolved(250, source: .local))
    }

    @Test("The reason for each dropped field is kept")
    func reasons() throws {
        let details = OfferPlausibility.checked(
            ProviderMerchantDetails(
                provider: .ctx, sourceId: "m", enabled: true, discountBasisPoints: 10_000, denominationsType: .fixed,
                denominations: .fixed([0, 25]), fetchedAt: Date()))
        #expect(details.discountBasisPoints == nil)
        #expect(details.denominations == nil)
        #expect(details.enabled == true)
        #expect(details.implausibleFields.map(\.field) == ["discount", "denominations"])
        #expect(details.implausibleFields.allSatisfy { !$0.reason.isEmpty })
        #expect(OfferPlausibility.discountProblem(9_999) == nil)
        #expect(OfferPlausibility.discountProblem(-9_999) == nil)
        #expect(OfferPlausibility.amountProblem(Decimal(string: "10000")!) == nil)
        #expect(OfferPlausibility.amountProblem(Decimal(string: "0.01")!) == nil)
        #expect(OfferPlausibility.amountProblem(Decimal(string: "12.50")!) == nil)
        #expect(OfferPlausibility.amountProblem(Decimal(string: "0.001")!) != nil)
    }

    @Test("An edited offer store cannot show an absurd value; its plausible fields are still used")
    func editedStore() throws {
        let directory = try ScratchDirectory()
        let path = directory.file("state.db")
        let cache = try SQLiteOfferCache(path: path)
        let fetched = Date(timeIntervalSince1970: 1_760_000_000)
        try cache.save(
            ProviderMerchantDetails(
                provider: .ctx, sourceId: "a", enabled: true, discountBasisPoints: 1_000_000, denominationsType: .fixed,
                denominations: .fixed([25, 50]), fetchedAt: fetched))
        let a = try #require(try cache.load(.ctx, sourceId: "a"))
        #expect(a.discountBasisPoints == nil, "save 10000 % is never read back")
        #expect(a.denominations == .fixed([25, 50]))

        // Edited by hand: an `enabled` that is not a boolean and a range with min above max.
        let body =
            #"{"provider":"ctx","sourceId":"b","enabled":"yes","discountBasisPoints":300,"#
            + #""denominationsType":"min-max","denominations":{"type":"min-max","values":[],"minimum":500,"maximum":5},"#
            + #""fetchedAt":\#(fetched.timeIntervalSinceReferenceDate)}"#
        let connection = try SQLiteConnection(path: path, mode: .readWrite)
        try connection.execute(
            "INSERT INTO provider_answer (provider, network, sourceId, fetchedAt, offer) VALUES ('ctx', 'mainnet', 'b', 0, '\(body)')"
        )
        let b = try #require(try cache.load(.ctx, sourceId: "b"), "one bad field does not lose the answer")
        #expect(b.enabled == nil)
        #expect(b.denominations == nil)
        #expect(b.discountBasisPoints == 300)
        #expect(b.denominationsType == .flexible)
        #expect(Set(b.implausibleFields.map(\.field)) == ["enabled", "denominations"])
    }
}
