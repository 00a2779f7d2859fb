import DashSpendCore
import DashSpendExplore
import DashSpendTestSupport
import Foundation
import Testing

/// ``ExploreDifference`` on ``ExploreDifferenceFixture``'s files: real SQLite files, both read once.
@Suite("Two explore databases compared: merchants added and removed, discounts, offers on and off")
struct ExploreDifferenceTests {
    /// Whether this build includes PiggyCards (its rows are otherwise no offers at all).
    static let piggyCards = GiftCardProvider(databaseName: "PiggyCards")

    static func names(_ merchants: [ExploreDifference.Merchant]) -> [String] { merchants.map(\.name) }

    @Test("Each kind of change is found once, sorted by name; unchanged merchants and Dash-paying ones are not named")
    func everyKind() throws {
        let directory = try ScratchDirectory()
        let files = try ExploreDifferenceFixture.make(in: directory)
        let difference = try ExploreDifference(old: ExploreDatabase(path: files.old), new: ExploreDatabase(path: files.new))
        #expect(Self.names(difference.added) == (Self.piggyCards == nil ? ["Epsilon Eats"] : ["Epsilon Eats", "Piggy Only"]))
        #expect(Self.names(difference.removed) == ["Delta Diner"])
        #expect(
            difference.discountChanges == [
                ExploreDifference.DiscountChange(
                    merchant: .init(merchantId: "alpha", name: "Alpha Books"), provider: .ctx, oldBasisPoints: 300,
                    newBasisPoints: 500)
            ])
        #expect(difference.switchedOff == [.init(merchant: .init(merchantId: "beta", name: "Beta Burgers"), provider: .ctx)])
        let zeta = ExploreDifference.Merchant(merchantId: "zeta", name: "Zeta Zoo")
        var switchedOn = [ExploreDifference.OfferSwitch(merchant: zeta, provider: .ctx)]
        if let piggyCards = Self.piggyCards { switchedOn.append(.init(merchant: zeta, provider: piggyCards)) }
        #expect(difference.switchedOn.sorted { $0.provider < $1.provider } == switchedOn.sorted { $0.provider < $1.provider })
        #expect(!difference.isEmpty)
    }

    @Test("A file compared with itself has no changes")
    func sameFile() throws {
        let directory = try ScratchDirectory()
        let files = try ExploreDifferenceFixture.make(in: directory)
        let difference = try ExploreDifference(old: ExploreDatabase(path: files.new), new: ExploreDatabase(path: files.new))
        #expect(difference.isEmpty)
        #expect(difference.added.isEmpty && difference.removed.isEmpty && difference.discountChanges.isEmpty)
    }

    @Test("A v2 file against a v4 one: the merchant row is the CTX offer, as the resolution reads it")
    func acrossSchemaVersions() throws {
        let directory = try ScratchDirectory()
        let files = try ExploreDifferenceFixture.makeOlderSchema(in: directory)
        let difference = try ExploreDifference(old: ExploreDatabase(path: files.old), new: ExploreDatabase(path: files.new))
        #expect(Self.names(difference.removed) == ["Delta Diner"])
        #expect(difference.discountChanges.map(\.merchant.name) == ["Alpha Books"])
        #expect(difference.discountChanges.first?.oldBasisPoints == 300)
        #expect(difference.switchedOff.map(\.merchant.name) == ["Beta Burgers"])
        // Zeta's v2 merchant row was inactive: its CTX offer is switched on in the newer file.
        #expect(difference.switchedOn.contains(.init(merchant: .init(merchantId: "zeta", name: "Zeta Zoo"), provider: .ctx)))
    }

    @Test("Neither file is changed by reading it")
    func readOnly() throws {
        let directory = try ScratchDirectory()
        let files = try ExploreDifferenceFixture.make(in: directory)
        let before = [files.old, files.new].map { FileManager.default.contents(atPath: $0) }
        _ = try ExploreDifference(old: ExploreDatabase(path: files.old), new: ExploreDatabase(path: files.new))
        #expect([files.old, files.new].map { FileManager.default.contents(atPath: $0) } == before)
        #expect(!FileManager.default.fileExists(atPath: files.old + "-wal"))
    }
}
