import DashSpend
import DashSpendTestSupport
import Foundation
import Testing

/// Where the installed data came from and how old it is: recorded by `sync`, read by `databaseProvenance()`.
@Suite("The synced database's provenance: source, import time, data age, stale after 30 days")
struct ProvenanceTests {
    let state: ScratchDirectory
    let inputs: ScratchDirectory
    /// The clock every client here reads.
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    init() throws {
        state = try ScratchDirectory(prefix: "provenance-state")
        inputs = try ScratchDirectory(prefix: "provenance-inputs")
    }

    func client(_ database: ExploreDatabaseLocation = .installed(fallback: ClientFixture.sample)) throws -> DashSpendClient {
        let now = self.now
        return try DashSpendClient(
            configuration: DashSpendConfiguration(stateDirectory: state.path, database: database, now: { now }))
    }

    /// Syncs an archive whose data is `days` days old at ``now``.
    func syncData(daysOld days: Double, label: String? = nil) async throws -> SyncReport {
        let database = try SyncFixture.database(named: "data-\(UUID().uuidString).db", merchant: "Aged Bakery", in: inputs)
        let timestamp = Int64((now.timeIntervalSince1970 - days * 86_400) * 1000)
        var writer = ExploreArchiveWriter(timestamp: timestamp)
        if let label {
            writer.comment = "\(timestamp)#\(label)"
            writer.password = label
        }
        try writer.write(databaseAt: database, to: inputs.file("explore.zip"))
        return try await client().sync(.file(inputs.file("explore.zip")), force: true)
    }

    @Test("After a sync: source, format, import time, data timestamp, checksum and its verification")
    func recorded() async throws {
        let report = try await syncData(daysOld: 53)
        #expect(report.checksumVerified == true && report.warnings.isEmpty)
        let provenance = try #require(try client().databaseProvenance())
        #expect(provenance.source == "explore.zip" && provenance.format == "zip")
        #expect(provenance.importedAt == now)
        #expect(provenance.dataTimestamp.map { abs(now.timeIntervalSince($0) - 53 * 86_400) < 0.001 } == true)
        #expect(provenance.dataAgeDays(now: now) == 53)
        #expect(provenance.isStale(now: now))
        #expect(provenance.checksum == report.checksum && provenance.checksumVerified == true)
    }

    @Test("Stale means more than 30 days old: 31 is, 29 and 30 exactly are not")
    func staleThreshold() async throws {
        for (days, stale) in [(31.0, true), (29.0, false), (30.0, false), (30.001, true), (0, false)] {
            _ = try await syncData(daysOld: days)
            let provenance = try #require(try client().databaseProvenance())
            #expect(provenance.isStale(now: now) == stale, "\(days) days")
            #expect(provenance.dataAgeDays(now: now) == Int(days), "\(days) days")
        }
    }

    @Test("A mislabelled archive is recorded as not verified, with a warning in the report")
    func unverified() async throws {
        let report = try await syncData(daysOld: 1, label: "deadbeef")
        #expect(report.checksumVerified == false)
        #expect(report.warnings.count == 1)
        #expect(try client().databaseProvenance()?.checksumVerified == false)
        #expect(report.stages.map(\.stage) == [.decrypt, .verify, .index])
        #expect(
            report.sourceBytes == (try FileManager.default.attributesOfItem(atPath: inputs.file("explore.zip"))[.size] as? Int))
        #expect(report.installedBytes == (try FileManager.default.attributesOfItem(atPath: report.path)[.size] as? Int))
    }

    @Test("None for the embedded sample, for a file given, or when nothing was recorded")
    func noneWithoutSync() async throws {
        #expect(try client().databaseProvenance() == nil, "nothing synced: the sample")
        _ = try await syncData(daysOld: 40)
        let file = try SyncFixture.database(named: "given.db", merchant: "Given Bakery", in: inputs)
        #expect(try client(.file(file)).databaseProvenance() == nil)
        let installed = try client().configuration.installedDatabasePath
        #expect(try client(.file(installed)).databaseProvenance() != nil, "the installed file, named")
        try FileManager.default.removeItem(atPath: installed + ".meta.json")
        #expect(try client().databaseProvenance() == nil)
    }

    @Test("A plain SQLite file has no data timestamp: no age, never stale, no verification")
    func plainFile() async throws {
        let file = try SyncFixture.database(named: "plain.db", merchant: "Plain Bakery", in: inputs)
        let report = try await client().sync(.file(file))
        #expect(report.checksumVerified == nil)
        let provenance = try #require(try client().databaseProvenance())
        #expect(provenance.format == "sqlite" && provenance.dataTimestamp == nil)
        #expect(provenance.dataAgeDays(now: now) == nil && !provenance.isStale(now: now))
        #expect(provenance.checksumVerified == nil)
    }
}
