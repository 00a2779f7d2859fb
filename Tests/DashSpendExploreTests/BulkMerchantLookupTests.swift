import DashSpendCore
import DashSpendExplore
import DashSpendTestSupport
import Testing

/// `merchants(ids:)` (one statement for many ids, what a batch reads) finds exactly what `merchant(id:)` finds
/// for each id, in every schema version, for every set of providers.
@Suite("Finding many merchants in one statement")
struct BulkMerchantLookupTests {
    /// Every merchantId of the fixtures (of every version, so each file also lacks some), some twice, spellings
    /// the column's affinity may match (`0101`, ` 101`), and text that is no id.
    static let ids = [
        "uuid-home", "312", "uuid-uber", "9001", "uuid-null", "uuid-dicks", "uuid-cafe", "uuid-pct", "uuid-fee",
        "uuid-a", "uuid-b", "dcg-1", "101", "102", "uuid-home", "101", "0101", " 101", "101.0", "uuid-missing", "",
        "'; DROP TABLE merchant; --", "Home Depot",
    ]

    @Test("The same answer as one lookup per id", arguments: [1, 2, 3, 4])
    func agreesWithSingleLookups(version: Int) throws {
        let directory = try ScratchDirectory()
        let path = try ExploreFixtures.make(version: version, in: directory)
        for providers in [GiftCardProvider.allCases, [.ctx]] {
            let database = try ExploreDatabase(path: path, providers: providers)
            let bulk = try database.merchants(ids: Self.ids)
            var found = 0
            for id in Self.ids {
                let single = try database.merchant(id: id)
                if let answer = bulk[id] {
                    #expect(answer == single, "v\(version) \(id.debugDescription): bulk \(answer), alone \(single)")
                    found += 1
                } else if case .found(let merchant) = single {
                    // Matched through the column's affinity in another spelling: the single lookup answers for it.
                    #expect(merchant.merchant.merchantId != id, "v\(version) \(id.debugDescription) was not found in bulk")
                }
            }
            #expect(found > 1, "v\(version): nothing found in bulk")
            #expect(Set(bulk.keys).isSubset(of: Set(Self.ids)))
        }
    }

    @Test("No ids: nothing read, nothing found")
    func empty() throws {
        let directory = try ScratchDirectory()
        let database = try ExploreDatabase(path: try ExploreFixtures.make(version: 4, in: directory))
        #expect(try database.merchants(ids: []).isEmpty)
    }
}
