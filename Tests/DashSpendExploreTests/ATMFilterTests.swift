import DashSpendExplore
import DashSpendSample
import Testing

/// ATMs filtered as the wallets filter them: by what they do with Dash and by territory, nearest first near a
/// point; on the embedded sample (Buy Only, Sell Only and Buy and Sell machines in five territories).
@Suite("ATMs by what they do, by territory, and nearest first")
struct ATMFilterTests {
    static func sample() throws -> ExploreDatabase {
        try ExploreDatabase(bytes: EmbeddedSampleDatabase.bytes, origin: "embedded sample")
    }

    @Test("atm.type is read by its words, any case and spelling")
    func kindOfType() {
        #expect(ATMKind(type: "Buy Only") == .buy)
        #expect(ATMKind(type: "Sell Only") == .sell)
        #expect(ATMKind(type: "Buy and Sell") == .buyAndSell)
        #expect(ATMKind(type: "buy/sell") == .buyAndSell)
        #expect(ATMKind(type: "") == nil && ATMKind(type: nil) == nil && ATMKind(type: "Unknown") == nil)
        #expect(ATMKind.buy.includes(.buyAndSell) && ATMKind.sell.includes(.buyAndSell))
        #expect(!ATMKind.buy.includes(.sell) && !ATMKind.buyAndSell.includes(.buy) && !ATMKind.sell.includes(nil))
    }

    @Test("Each kind keeps exactly the ATMs that serve it", arguments: ATMKind.allCases)
    func byKind(_ kind: ATMKind) throws {
        let database = try Self.sample()
        let all = try database.atms(ATMSearch(limit: 1000))
        let kept = try database.atms(ATMSearch(kind: kind, limit: 1000))
        #expect(!kept.isEmpty)
        #expect(kept.allSatisfy { kind.includes($0.kind) }, "\(kept.map(\.type))")
        #expect(kept.count == all.filter { kind.includes($0.kind) }.count)
        #expect(kept.count < all.count)
    }

    @Test("A territory in any case keeps its ATMs only; with a point they come nearest first within the radius")
    func byTerritoryAndDistance() throws {
        let database = try Self.sample()
        let texas = try database.atms(ATMSearch(territory: "  TEXAS ", limit: 1000))
        #expect(!texas.isEmpty)
        #expect(texas.allSatisfy { $0.location.territory == "Texas" }, "\(texas.map(\.location.territory))")
        let austin = try #require(GeoPoint(latitude: 30.2672, longitude: -97.7431))
        let near = try database.atms(ATMSearch(near: austin, radiusKm: 20, kind: .buy, territory: "Texas", limit: 1000))
        #expect(!near.isEmpty && near.count < texas.count)
        let distances = near.compactMap(\.location.distanceKm)
        #expect(distances.count == near.count && distances == distances.sorted() && distances.allSatisfy { $0 <= 20 })
        #expect(try database.atms(ATMSearch(territory: "Atlantis", limit: 1000)).isEmpty)
    }
}
