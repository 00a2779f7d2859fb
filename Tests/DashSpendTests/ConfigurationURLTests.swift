import DashSpend
import DashSpendSample
import DashSpendTestSupport
import Foundation
import Testing

/// What an Apple app passes: file URLs for the state directory, a database file and a sync source, and the
/// sample from `DashSpendSample` when nothing was synced yet.
@Suite("Configuration by file URL, and the sample for library users", hangGuard(minutes: 2))
struct ConfigurationURLTests {
    let state: ScratchDirectory

    init() throws {
        state = try ScratchDirectory(prefix: "configuration-url")
    }

    @Test("A state directory given as a file URL is the same folder as its path")
    func stateDirectoryURL() {
        let url = URL(fileURLWithPath: state.path + "/app state", isDirectory: true)
        let configuration = DashSpendConfiguration(stateDirectory: url, network: .testnet, offline: true)
        #expect(configuration.stateDirectory == state.path + "/app state")
        #expect(configuration.stateDirectoryURL == url)
        #expect(configuration.installedDatabasePath == state.path + "/app state/testnet/explore.db")
        #expect(configuration.installedDatabaseURL.path == configuration.installedDatabasePath)
        #expect(configuration.network == .testnet && configuration.offline)
        #expect(DashSpendConfiguration(stateDirectory: state.path).stateDirectory == state.path)
    }

    @Test("The sample, a database file URL and a sync source URL answer through the client")
    func urlsAndSample() async throws {
        let folder = URL(fileURLWithPath: state.path, isDirectory: true)
        let sampled = try DashSpendClient(
            configuration: DashSpendConfiguration(stateDirectory: folder, database: .installed(fallback: .sample), offline: true))
        #expect(try sampled.databaseInfo().origin == "embedded sample")
        #expect(try sampled.identify("Home Depot").merchant.merchantId == "a1b2c3d4-0001-4000-8000-000000000001")

        let file = URL(fileURLWithPath: try SyncFixture.database(named: "shop.db", merchant: "URL Shop", in: state))
        let direct = try DashSpendClient(
            configuration: DashSpendConfiguration(stateDirectory: folder, database: .file(file), offline: true))
        #expect(try direct.identify("URL Shop").merchant.merchantId == "sync-1")

        let report = try await sampled.sync(.file(file))
        #expect(report.updated)
        #expect(try sampled.identify("URL Shop").merchant.merchantId == "sync-1", "the synced file replaced the sample")
        #expect(SyncSource.file(file) == .file(file.path))
    }
}
