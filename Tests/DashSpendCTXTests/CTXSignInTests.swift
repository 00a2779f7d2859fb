import DashSpendCTX
import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

@Suite("CTX sign-in through the loopback server", hangGuard(minutes: 2))
struct CTXSignInTests {
    @Test func loginThenVerifyStoresBothTokens() async throws {
        let harness = try ProviderHarness()
        let now = Date(timeIntervalSince1970: 1_760_000_000)
        let repository = CTXRepository(configuration: harness.configuration(now: { now }))
        #expect(await repository.isSignedIn() == false)
        try await repository.login(email: "  user@example.com ")
        #expect(await repository.email() == "user@example.com")
        #expect(await repository.isSignedIn() == false)
        try await repository.verify(code: MockProviderServer.validCode)
        #expect(await repository.isSignedIn())
        let stored = try #require(try harness.stored(.ctx))
        #expect(stored.accessToken == MockProviderServer.defaultAccessToken)
        #expect(stored.refreshToken == MockProviderServer.defaultRefreshToken)
        #expect(stored.refreshTokenIssuedAt == now)
        let verify = try #require(harness.server.loopback.receivedRequests.last)
        #expect(verify.path == "/ctx/verify-email")
        #expect(verify.json?["email"]?.string == "user@example.com")
        #expect(verify.json?["code"]?.string == MockProviderServer.validCode)
        #expect(verify.headers["authorization"] == nil)
        _ = try await repository.merchantDetails(sourceId: "3f2c7a1e-8b1d-4e55-9a0c-1d2b3c4d5e6f")
    }

    @Test func wrongCodeIsWrongCodeNotInvalidAmount() async throws {
        let harness = try ProviderHarness()
        let repository = CTXRepository(configuration: harness.configuration())
        try await repository.login(email: "user@example.com")
        let error = await dashSpendError { try await repository.verify(code: "000000") }
        #expect(error == .wrongCode)
        #expect(await repository.isSignedIn() == false)
    }

    @Test func blankTokenStoresNothing() async throws {
        let harness = try ProviderHarness()
        let repository = CTXRepository(configuration: harness.configuration())
        try await repository.login(email: "user@example.com")
        let before = try harness.stored(.ctx)
        harness.server.loopback.inject(
            .respond(status: 200, body: #"{"accessToken":"  ","refreshToken":"r"}"#), path: "/ctx/verify-email")
        let error = await dashSpendError { try await repository.verify(code: MockProviderServer.validCode) }
        guard case .unreadableAnswer = error else {
            Issue.record("expected unreadableAnswer, got \(String(describing: error))")
            return
        }
        #expect(try harness.stored(.ctx) == before)
        #expect(await repository.isSignedIn() == false)
    }

    @Test func verifyWithoutLoginNeedsSignIn() async throws {
        let harness = try ProviderHarness()
        let error = await dashSpendError { try await CTXRepository(configuration: harness.configuration()).verify(code: "1") }
        #expect(error == .signInRequired(.ctx))
    }

    @Test func logoutForgetsTokens() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.ctx)
        let repository = CTXRepository(configuration: harness.configuration())
        #expect(await repository.isSignedIn())
        try await repository.logout()
        #expect(await repository.isSignedIn() == false)
        #expect(try harness.stored(.ctx) == nil)
    }

    @Test("A damaged credentials file is never read as signed out: the next request says it is damaged")
    func damagedCredentialsAreNotSignedOut() async throws {
        let harness = try ProviderHarness()
        let home = try ScratchDirectory(prefix: "damaged-credentials")
        let store = FileCredentialStore(root: home.path)
        try FileManager.default.createDirectory(atPath: home.path + "/mainnet", withIntermediateDirectories: true)
        chmod(home.path + "/mainnet", 0o700)
        let path = store.path(for: .ctx, network: .mainnet)
        #expect(FileManager.default.createFile(atPath: path, contents: Data("{\"accessToken\": tru".utf8)))
        chmod(path, 0o600)
        var configuration = harness.configuration()
        configuration.credentials = store
        let repository = CTXRepository(configuration: configuration)
        #expect(await repository.isSignedIn(), "not signed out")
        await #expect(throws: CredentialStoreError.self) {
            _ = try await repository.merchantDetails(sourceId: "a1b2c3d4-0002-4000-8000-000000000002")
        }
        #expect(harness.server.loopback.receivedRequests.isEmpty, "nothing was sent")
    }

    @Test func credentialsAreFiledPerNetwork() async throws {
        let harness = try ProviderHarness()
        try harness.signIn(.ctx)
        var configuration = harness.configuration()
        configuration.network = .testnet
        #expect(await CTXRepository(configuration: configuration).isSignedIn() == false)
    }
}
