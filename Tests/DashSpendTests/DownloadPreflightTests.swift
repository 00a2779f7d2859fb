import DashSpend
import DashSpendTestKit
import DashSpendTestSupport
import Foundation
import Testing

/// What a network sync decides before it downloads: whether there is room for the object, and whether an
/// object whose metadata states no `Data-Timestamp` is the one installed already.
@Suite("Before a download: free space, and an unchanged object without a data timestamp", hangGuard(minutes: 3))
struct DownloadPreflightTests {
    let fixture: StorageFixture

    init() throws {
        fixture = try StorageFixture()
    }

    var source: SyncSource { SyncSource(parsing: fixture.gsSource) }

    /// An object larger than any disk (its metadata says 1 PiB): refused as a write failure before its first
    /// byte is asked for, let alone written.
    @Test("An object the disk has no room for is refused before a byte is written")
    func noRoomRefusedBeforeWriting() async throws {
        try fixture.publish(merchant: "Huge Bakery", timestamp: 1_700_000_000_000, statedSize: 1 << 50)
        let client = try fixture.client()
        let failure = await ClientFixture.failure { try await client.sync(source) }
        #expect(failure?.kind == .cannotWrite, "\(String(describing: failure))")
        #expect(failure?.message.contains("bytes free") == true, "\(failure?.message ?? "")")
        #expect(fixture.server.metadataRequests.count == 1)
        #expect(fixture.server.mediaRequests.isEmpty, "the media was asked for")
        let folder = fixture.home + "/mainnet/download"
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        #expect(files.isEmpty, "\(files)")
        #expect(!FileManager.default.fileExists(atPath: client.configuration.installedDatabasePath))
    }

    /// Metadata without `Data-Timestamp`: the object installed is recognised by its generation and `md5Hash`,
    /// and not downloaded again; a new generation (or a new MD5 under the same generation) is.
    @Test("Without Data-Timestamp an unchanged object (generation, md5Hash) is not downloaded again")
    func unchangedObjectWithoutTimestamp() async throws {
        try fixture.publish(merchant: "Quiet Bakery", timestamp: 1_700_000_000_000, generation: 7, metadataTimestamp: .some(nil))
        let client = try fixture.client()
        #expect(try await client.sync(source).updated)
        #expect(fixture.server.mediaRequests.count == 1)

        let again = try await client.sync(source)
        #expect(!again.updated)
        #expect(fixture.server.mediaRequests.count == 1, "the unchanged object was downloaded again")
        #expect(try await !client.checkForUpdate(source).updateAvailable)

        // The same generation with other bytes (another MD5): downloaded.
        let object = try fixture.publish(
            merchant: "Quieter Bakery", timestamp: 1_700_000_100_000, generation: 7, metadataTimestamp: .some(nil))
        #expect(try await client.checkForUpdate(source).updateAvailable)
        let changed = try await client.sync(source)
        #expect(changed.updated)
        #expect(fixture.server.mediaRequests.count == 2)

        // A new generation: downloaded again too.
        var next = object
        next.generation = 8
        fixture.server.put(next)
        #expect(try await client.checkForUpdate(source).updateAvailable)
        _ = try await client.sync(source)
        #expect(fixture.server.mediaRequests.count == 3)
    }

    /// The record of the version installed describes the database it became: once a file is installed in its
    /// place, the same object is downloaded again.
    @Test("After a file replaced the installed data, the unchanged object is downloaded again")
    func recordOfReplacedDatabaseIsNotTrusted() async throws {
        try fixture.publish(merchant: "Quiet Bakery", timestamp: 1_700_000_000_000, generation: 3, metadataTimestamp: .some(nil))
        let client = try fixture.client()
        #expect(try await client.sync(source).updated)
        let local = try fixture.publish(
            merchant: "Local Bakery", timestamp: 1_700_000_500_000, generation: 99, name: "other/x.db")
        _ = try await client.sync(.file(local.file))
        #expect(try await client.checkForUpdate(source).updateAvailable)
    }
}
