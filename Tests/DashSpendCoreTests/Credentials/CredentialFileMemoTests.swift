import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// A credentials file is read once per version: a store answers again from memory while the file is the one
/// it read, and reads it again as soon as anything (another store, another process, a hand edit) replaced or
/// changed it.
@Suite("A credentials file is read once while it stays the same", hangGuard(minutes: 2))
struct CredentialFileMemoTests {
    let scratch: ScratchDirectory
    let root: String

    init() throws {
        scratch = try ScratchDirectory(prefix: "dashspend-creds-memo")
        root = scratch.file("state")
    }

    @Test("Three loads of an unchanged file read it once; a missing file is never counted as read")
    func unchangedFileIsReadOnce() throws {
        let store = FileCredentialStore(root: root)
        #expect(try store.load(.ctx, network: .mainnet) == nil)
        try FileCredentialStore(root: root).save(ProviderCredentials(accessToken: "one"), for: .ctx, network: .mainnet)
        for _ in 0..<3 { #expect(try store.load(.ctx, network: .mainnet)?.accessToken == "one") }
        #expect(store.fileReads == 1)
    }

    @Test("A file another store replaced, or one edited in place, is read again")
    func changedFileIsReadAgain() throws {
        let store = FileCredentialStore(root: root)
        let elsewhere = FileCredentialStore(root: root)  // as another process would hold it
        try elsewhere.save(ProviderCredentials(accessToken: "one"), for: .ctx, network: .mainnet)
        #expect(try store.load(.ctx, network: .mainnet)?.accessToken == "one")
        try elsewhere.save(ProviderCredentials(accessToken: "two"), for: .ctx, network: .mainnet)
        #expect(try store.load(.ctx, network: .mainnet)?.accessToken == "two")

        // Rewritten in place, same length: the change time moves, so it is read again.
        let path = store.path(for: .ctx, network: .mainnet)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: Data(text.replacingOccurrences(of: "\"two\"", with: "\"2wo\"").utf8))
        try handle.close()
        #expect(try store.load(.ctx, network: .mainnet)?.accessToken == "2wo")

        try elsewhere.delete(.ctx, network: .mainnet)
        #expect(try store.load(.ctx, network: .mainnet) == nil)
        #expect(store.fileReads == 3)
    }

    @Test("A file damaged after it was read is reported, not answered from memory")
    func damagedAfterReadIsReported() throws {
        let store = FileCredentialStore(root: root)
        try store.save(ProviderCredentials(accessToken: "one"), for: .ctx, network: .mainnet)
        #expect(try store.load(.ctx, network: .mainnet)?.accessToken == "one")
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: store.path(for: .ctx, network: .mainnet)))
        #expect(throws: CredentialStoreError.self) { try store.load(.ctx, network: .mainnet) }
    }
}
