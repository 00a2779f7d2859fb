import DashSpend
import DashSpendTestSupport
import Foundation
import Testing

/// Signing in and live lookups through the front door, against the mock provider APIs on a loopback
/// socket, with credentials in real files of the state directory.
@Suite("The front door signs in and looks merchants up live", hangGuard(minutes: 3))
struct FrontDoorSignInTests {
    let state: ScratchDirectory
    let server: MockProviderServer

    init() throws {
        state = try ScratchDirectory(prefix: "front-door-sign-in")
        server = try MockProviderServer.started()
    }

    func client(offline: Bool = false) throws -> DashSpendClient {
        try DashSpendClient(configuration: ClientFixture.configuration(state: state, server: server, offline: offline))
    }

    /// The CTX credentials file of the state directory.
    var ctxCredentialsPath: String { FileCredentialStore(root: state.path).path(for: .ctx, network: .mainnet) }

    @Test("Login and verify sign in; status shows it; a lookup is live; logout signs out, and once only")
    func signInLookUpSignOut() async throws {
        let client = try client()
        let email = "someone@example.com"
        #expect(try await client.signInStatus().first { $0.provider == .ctx }?.signedIn == false)

        #expect(try await client.login(.ctx, email: email) == email)
        #expect(server.requestCount(.ctx, "login") == 1)
        #expect(try await client.verify(.ctx, code: MockProviderServer.validCode) == email)
        #expect(FileManager.default.fileExists(atPath: ctxCredentialsPath))

        let status = try #require(try await client.signInStatus().first { $0.provider == .ctx })
        #expect(status.signedIn)
        #expect(status.email == email)

        let merchant = try await client.merchant(ClientFixture.homeDepot, policy: .networkOnly)
        let offer = try #require(merchant.offers.first { $0.provider == .ctx })
        #expect(offer.discountBasisPoints.value == ClientFixture.homeDepotLiveDiscount)
        #expect(offer.discountBasisPoints.source == .live)
        #expect(offer.liveError == nil)
        #expect(server.requestCount(.ctx, "merchants/\(ClientFixture.homeDepot)") == 1)

        #expect(try await client.logout(.ctx) == .signedOut)
        #expect(!FileManager.default.fileExists(atPath: ctxCredentialsPath))
        #expect(try await client.signInStatus().first { $0.provider == .ctx }?.signedIn == false)
        #expect(try await client.logout(.ctx) == .wasNotSignedIn)
    }

    @Test("A wrong one-time code fails as sign-in required with the wrong-code cause, at the provider")
    func wrongCode() async throws {
        let client = try client()
        _ = try await client.login(.ctx, email: "someone@example.com")
        let failure = try #require(await ClientFixture.failure { try await client.verify(.ctx, code: "000000") })
        #expect(failure.kind == .signInRequired)
        #expect(failure.cause == .wrongCode)
        #expect(failure.provider == .ctx)
        #expect(try await client.signInStatus().first { $0.provider == .ctx }?.signedIn == false)
    }

    @Test("A damaged credentials file fails lookups and login as bad data; logout removes it")
    func damagedCredentials() async throws {
        let client = try client()
        try FileManager.default.createDirectory(atPath: "\(state.path)/mainnet", withIntermediateDirectories: true)
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: ctxCredentialsPath))

        let lookup = try #require(await ClientFixture.failure { try await client.merchant(ClientFixture.homeDepot) })
        let login = try #require(await ClientFixture.failure { try await client.login(.ctx, email: "a@example.com") })
        let status = try #require(await ClientFixture.failure { try await client.signInStatus() })
        for failure in [lookup, login, status] {
            #expect(failure.kind == .badData)
            #expect(failure.cause == .credentials)
            #expect(failure.provider == .ctx)
            #expect(failure.subject == ctxCredentialsPath)
            #expect(failure.message.contains(ctxCredentialsPath))
        }
        #expect(server.loopback.receivedRequests.isEmpty, "nothing was sent on a damaged sign-in")
        #expect(FileManager.default.fileExists(atPath: ctxCredentialsPath), "a failed read removes nothing")

        // Only the stored answers are read when the network is not used: the damage does not matter there.
        #expect(try await client.merchant(ClientFixture.homeDepot, policy: .cacheOnly).merchant.name == "Home Depot")

        #expect(try await client.logout(.ctx) == .removedDamagedCredentials)
        #expect(!FileManager.default.fileExists(atPath: ctxCredentialsPath))
        #expect(try await client.logout(.ctx) == .wasNotSignedIn)
        #expect(try await client.merchant(ClientFixture.homeDepot).merchant.name == "Home Depot")
    }

    @Test("An offline client never sends a request, signed in or not")
    func offlineSendsNothing() async throws {
        // Signed in for real first, so that only the offline switch can keep the lookups off the network.
        _ = try await client().login(.ctx, email: "someone@example.com")
        _ = try await client().verify(.ctx, code: MockProviderServer.validCode)
        server.loopback.resetCounters()

        let offline = try client(offline: true)
        let merchant = try await offline.merchant(ClientFixture.homeDepot)
        #expect(merchant.offers.allSatisfy { $0.discountBasisPoints.source != .live })
        _ = try await offline.merchant(ClientFixture.homeDepot, policy: .networkFirst)
        _ = try await offline.merchant("Home Depot")
        #expect(try await offline.signInStatus().first { $0.provider == .ctx }?.signedIn == true)
        let login = try #require(await ClientFixture.failure { try await offline.login(.ctx, email: "a@example.com") })
        #expect(login.kind == .invalidRequest)
        let verify = try #require(await ClientFixture.failure { try await offline.verify(.ctx, code: "123456") })
        #expect(verify.kind == .invalidRequest)
        _ = try offline.search(MerchantSearch(text: "Home"))
        // A live-only lookup cannot be answered offline: that is the request's fault, not a missing sign-in.
        let live = try #require(
            await ClientFixture.failure { try await offline.merchant(ClientFixture.homeDepot, policy: .networkOnly) })
        #expect(live.kind == .invalidRequest, "\(live.kind) \(live.cause): \(live.message)")
        #expect(live.subject == ClientFixture.homeDepot)

        #expect(server.loopback.receivedRequests.isEmpty, "\(server.loopback.receivedRequests.map(\.path))")
        // And the same server does count a request from the online client.
        _ = try await client().merchant(ClientFixture.homeDepot)
        #expect(server.loopback.receivedRequests.count == 1)
    }
}
