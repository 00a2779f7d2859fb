import DashSpendTestSupport
import Foundation
import Testing

/// The explore commands beyond search and show, on the sample and on files written by the test.
@Suite("merchant-lookup: names, locations, territories, ATMs, db info", hangGuard(minutes: 5))
struct ExploreCommandTests {
    @Test("show takes an exact name, any case, and lists locations nearest first")
    func showByName() async throws {
        let result = try await CLIProcess.run([
            "show", "home DEPOT", "--offline", "--locations", "--near", "41.88,-87.63", "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try result.json()
        #expect(json["merchantId"] as? String == SampleLookupTests.homeDepot)
        let locations = try #require(json["locations"] as? [[String: Any]])
        #expect(locations.first?["city"] as? String == "Chicago")
        let distances = locations.compactMap { $0["distanceKm"] as? Double }
        #expect(distances.count == locations.count)
        #expect(distances == distances.sorted())
    }

    @Test("Several merchants with the name are listed, exit 1")
    func ambiguousName() async throws {
        let directory = try ScratchDirectory()
        let database = try TwinNamedDatabase.make(in: directory)
        let result = try await CLIProcess.run(["show", "Corner Store", "--db", database, "--offline"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("2 merchants are named Corner Store"))
        #expect(result.stderr.contains("twin-a") && result.stderr.contains("twin-b"))
        let byId = try await CLIProcess.run(["show", "twin-b", "--db", database, "--offline", "--json"])
        #expect(try byId.json()["merchantId"] as? String == "twin-b")
    }

    @Test("territories, atms and db info")
    func otherCommands() async throws {
        let territories = try await CLIProcess.run(["territories", "--json"])
        let names = try #require(try territories.json()["territories"] as? [[String: Any]]).compactMap { $0["name"] as? String }
        #expect(names.contains("Texas"))
        #expect(names == names.sorted())

        let atms = try await CLIProcess.run(["atms", "--near", "30.2672,-97.7431", "--radius", "20", "--json"])
        let found = try #require(try atms.json()["atms"] as? [[String: Any]])
        #expect(!found.isEmpty)
        #expect(found.allSatisfy { ($0["distanceKm"] as? Double ?? 99) <= 20 })

        let info = try await CLIProcess.run(["db", "info", "--json"])
        let json = try info.json()
        #expect(json["path"] as? String == "embedded sample")
        #expect(json["version"] as? Int == 4)
        #expect((json["merchantIds"] as? Int ?? 0) >= 30)
        #expect(json["skippedMerchantRows"] as? Int == 0)
    }
}
