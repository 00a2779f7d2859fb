import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

@Suite("Credentials are saved privately and atomically; a bad file is a clear error and left as it was", hangGuard(minutes: 2))
struct FileCredentialStoreTests {
    /// Removed with everything in it when the test ends.
    let scratch: ScratchDirectory

    init() throws { scratch = try ScratchDirectory(prefix: "dashspend-creds") }

    /// A state directory that does not exist yet, inside ``scratch``.
    private func temporaryRoot() -> String {
        scratch.file("state-\(UUID().uuidString)")
    }

    private func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func savesWithPrivateModesAndReadsBack() throws {
        let root = temporaryRoot()
        let store = FileCredentialStore(root: root)
        let issued = Date(timeIntervalSince1970: 1_750_000_000.5)
        let credentials = ProviderCredentials(
            email: "a@example.com", accessToken: "tok", refreshToken: "ref",
            refreshTokenIssuedAt: issued)
        try store.save(credentials, for: .ctx, network: .testnet)
        let file = store.path(for: .ctx, network: .testnet)
        #expect(file == root + "/testnet/ctxspend.json")
        #expect(try mode(file) == 0o600)
        #expect(try mode(root) == 0o700)
        #expect(try mode(root + "/testnet") == 0o700)
        #expect(try store.load(.ctx, network: .testnet) == credentials)
        #expect(try store.load(.ctx, network: .mainnet) == nil)
    }

    @Test func replacingLeavesNoTemporaryFilesAndKeepsMode() throws {
        let root = temporaryRoot()
        let store = FileCredentialStore(root: root)
        for index in 0..<20 {
            try store.save(
                ProviderCredentials(email: "u\(index)@example.com", accessToken: "t\(index)"), for: .ctx, network: .mainnet)
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: root + "/mainnet")
        #expect(files == ["ctxspend.json"])
        #expect(try store.load(.ctx, network: .mainnet)?.accessToken == "t19")
        #expect(try mode(store.path(for: .ctx, network: .mainnet)) == 0o600)
    }

    @Test func concurrentSavesNeverLeaveAPartialFile() async throws {
        let root = temporaryRoot()
        let store = FileCredentialStore(root: root)
        try store.save(ProviderCredentials(accessToken: "seed"), for: .ctx, network: .mainnet)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask {
                    let long = String(repeating: "x", count: 2_000 + index)
                    // Every save succeeds: the point is that none is lost or half-written.
                    #expect(throws: Never.self) {
                        try store.save(
                            ProviderCredentials(email: "\(index)@example.com", accessToken: long), for: .ctx, network: .mainnet)
                    }
                }
                group.addTask {
                    // Every read sees a whole document, old or new.
                    #expect(throws: Never.self) { _ = try store.load(.ctx, network: .mainnet) }
                }
            }
        }
        #expect(try store.load(.ctx, network: .mainnet)?.accessToken?.hasPrefix("xx") == true)
    }

    @Test func corruptFileIsAClearErrorAndIsLeftUntouched() throws {
        let root = temporaryRoot()
        let store = FileCredentialStore(root: root)
        try store.save(ProviderCredentials(accessToken: "tok"), for: .ctx, network: .mainnet)
        let file = store.path(for: .ctx, network: .mainnet)
        let garbage = Data("{\"accessToken\": [1,2".utf8)
        try garbage.write(to: URL(fileURLWithPath: file))
        #expect(throws: CredentialStoreError.self) { try store.load(.ctx, network: .mainnet) }
        do {
            _ = try store.load(.ctx, network: .mainnet)
        } catch let error as CredentialStoreError {
            #expect(error.kind == .corrupt)
            #expect(error.description.contains(file))
            #expect(!error.description.contains("accessToken"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == garbage)
    }

    // An unreadable credentials file (root reads any file, so this runs as an unprivileged user, also in CI's
    // root container): MerchantLookupTests' StateSafetyTests.unreadableCredentials, through the real binary.

    @Test func directoryInPlaceOfFileIsAnErrorNotACrash() throws {
        let root = temporaryRoot()
        let store = FileCredentialStore(root: root)
        let file = store.path(for: .ctx, network: .mainnet)
        try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: true)
        #expect(throws: CredentialStoreError(.unreadable, path: file, reason: "Is a directory")) {
            try store.load(.ctx, network: .mainnet)
        }
    }

    @Test func deleteRemovesAndIsIdempotent() throws {
        let store = FileCredentialStore(root: temporaryRoot())
        try store.save(ProviderCredentials(accessToken: "tok"), for: .ctx, network: .mainnet)
        try store.delete(.ctx, network: .mainnet)
        try store.delete(.ctx, network: .mainnet)
        #expect(try store.load(.ctx, network: .mainnet) == nil)
    }

    @Test func stateDirectoryPrecedence() {
        let all = ["DASHSPEND_HOME": "/d", "XDG_STATE_HOME": "/x/", "HOME": "/h"]
        #expect(StateDirectory.resolve(home: "/cli/", environment: all) == "/cli")
        #expect(StateDirectory.resolve(home: nil, environment: all) == "/d")
        #expect(StateDirectory.resolve(home: "", environment: ["XDG_STATE_HOME": "/x/", "HOME": "/h"]) == "/x/dashspend")
        #expect(
            StateDirectory.resolve(home: nil, environment: ["DASHSPEND_HOME": "", "HOME": "/h"]) == "/h/.local/state/dashspend")
        #expect(StateDirectory.resolve(home: nil, environment: [:]) == ".dashspend")
    }
}

@Suite("The credential store tightens its network folder and refuses a shared or linked one", hangGuard(minutes: 2))
struct FileCredentialStoreDirectoryTests {
    let scratch: String

    init() throws {
        scratch = NSTemporaryDirectory() + "dashspend-creds-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    }

    private func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    @Test func anExistingStateDirectoryIsNotChmodedButTheNetworkFolderIsTightened() throws {
        let root = scratch + "/state"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try FileManager.default.createDirectory(
            atPath: root + "/mainnet", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root)
        let store = FileCredentialStore(root: root)
        try store.save(ProviderCredentials(email: "a@example.com", accessToken: "t"), for: .ctx, network: .mainnet)
        #expect(mode(root) == 0o755, "the user's folder was chmod-ed")
        #expect(mode(root + "/mainnet") == 0o700)
        #expect(mode(store.path(for: .ctx, network: .mainnet)) == 0o600)
        #expect(try store.load(.ctx, network: .mainnet)?.accessToken == "t")
    }

    @Test func aSharedStateDirectoryIsRefusedAndLeftAsItWas() throws {
        let shared = scratch + "/shared"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        #expect(chmod(shared, 0o1777) == 0)
        let store = FileCredentialStore(root: shared)
        do {
            try store.save(ProviderCredentials(accessToken: "t"), for: .ctx, network: .mainnet)
            Issue.record("saved into a folder everyone can write")
        } catch let error as CredentialStoreError {
            #expect(error.kind == .unwritable)
            #expect(error.path == shared)
            #expect(error.reason.contains("group or others can write"), "\(error.reason)")
        }
        #expect(mode(shared) == 0o1777, "the shared folder was chmod-ed")
        #expect(!FileManager.default.fileExists(atPath: store.path(for: .ctx, network: .mainnet)))
    }

    @Test func aSymbolicLinkForTheNetworkFolderIsRefusedAsSyncRefusesIt() throws {
        let root = scratch + "/state"
        let elsewhere = scratch + "/elsewhere"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        #expect(chmod(elsewhere, 0o755) == 0)
        try FileManager.default.createSymbolicLink(atPath: root + "/mainnet", withDestinationPath: elsewhere)
        let store = FileCredentialStore(root: root)
        do {
            try store.save(ProviderCredentials(accessToken: "t"), for: .ctx, network: .mainnet)
            Issue.record("saved through a symbolic link")
        } catch let error as CredentialStoreError {
            #expect(error.kind == .unwritable)
            #expect(error.reason.contains("symbolic link"), "\(error.reason)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
        #expect(mode(elsewhere) == 0o755, "chmod-ed through the link")
    }
}
