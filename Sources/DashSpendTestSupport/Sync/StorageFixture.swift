package import DashSpend
import DashSpendSync
package import DashSpendTestKit

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// A storage service on loopback (``LoopbackStorageServer``) publishing explore ZIPs under the wallets'
/// bucket and object names, and a scratch folder for the archives and a state directory: what the network
/// sync tests (library and CLI) share.
package final class StorageFixture: Sendable {
    /// Archives, state directories.
    package let scratch: ScratchDirectory
    /// The storage server.
    package let server = LoopbackStorageServer()
    /// The default state directory.
    package let home: String

    /// The wallets' mainnet object name.
    static let objectName = "explore/explore-v4.db"

    /// Starts the server.
    package init() throws {
        scratch = try ScratchDirectory(prefix: "netsync")
        home = scratch.file("home")
        try server.start()
    }

    deinit { server.stop() }

    /// `gs://dash-wallet-firebase.appspot.com/explore/explore-v4.db`.
    package var gsSource: String { "gs://\(SyncSource.walletBucket)/\(Self.objectName)" }

    /// Writes an archive whose one merchant is `merchant`, of data `timestamp`, and publishes it as the
    /// mainnet object (generation `generation`), with metadata stating that timestamp and its checksum unless
    /// overridden. Returns the object served.
    @discardableResult
    package func publish(
        merchant: String, timestamp: Int64, generation: Int = 1, name: String = objectName,
        metadataTimestamp: Int64?? = nil, metadataChecksum: String?? = nil, statedSize: Int? = nil
    ) throws -> LoopbackStorageServer.StoredObject {
        let file = scratch.file("object-\(generation)-\(timestamp)-\(UUID().uuidString).zip")
        let database = try SyncFixture.database(named: UUID().uuidString + ".db", merchant: merchant, in: scratch)
        try ExploreArchiveWriter(timestamp: timestamp).write(databaseAt: database, to: file)
        let checksum = String(CRC32C.checksum(SyncFixture.bytes(database)), radix: 16)
        let object = LoopbackStorageServer.StoredObject(
            bucket: SyncSource.walletBucket, name: name, file: file, generation: generation,
            dataTimestamp: metadataTimestamp ?? timestamp, dataChecksum: metadataChecksum ?? checksum, statedSize: statedSize)
        server.put(object)
        return object
    }

    /// Publishes `file` as the mainnet object with no custom metadata (any bytes: download tests).
    @discardableResult
    package func publish(file: String, generation: Int = 1) -> LoopbackStorageServer.StoredObject {
        let object = LoopbackStorageServer.StoredObject(
            bucket: SyncSource.walletBucket, name: Self.objectName, file: file, generation: generation)
        server.put(object)
        return object
    }

    /// A client over `home` (default ``home``) reading gs:// objects from the server. The default time-outs are
    /// hang guards (a loopback exchange takes milliseconds, a loaded machine can delay it by seconds); a test of
    /// a stall passes its own.
    package func client(
        home: String? = nil, timeouts: HTTPDownloadTimeouts = HTTPDownloadTimeouts(connect: 120, stall: 120),
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws -> DashSpendClient {
        var configuration = DashSpendConfiguration(stateDirectory: home ?? self.home, timeout: 120, now: now)
        configuration.storageBaseURL = server.baseURL
        configuration.downloadTimeouts = timeouts
        return try DashSpendClient(configuration: configuration)
    }
}
