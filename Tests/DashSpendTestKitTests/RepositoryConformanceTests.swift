import DashSpendCTX
import DashSpendCore
import DashSpendHTTP
import DashSpendTestKit
import DashSpendTestSupport
import Foundation
import Testing

@Suite("Repositories sign in, sign out and answer for merchants", hangGuard(minutes: 2))
struct RepositoryConformanceTests {
    /// The merchant `Fixtures/Providers/ctx/merchants/3f2c7a1e-....json` describes, as CTX maps it.
    static let homeDepot = ProviderMerchantDetails(
        provider: .ctx, sourceId: "3f2c7a1e-8b1d-4e55-9a0c-1d2b3c4d5e6f", name: "Home Depot", enabled: true,
        discountBasisPoints: 300, denominationsType: .fixed, denominations: .fixed([10, 25, 50, Decimal(string: "12.5")!]),
        fetchedAt: Date(timeIntervalSince1970: 0))

    static func expectations(_ server: MockProviderServer) -> RepositoryConformance.Expectations {
        RepositoryConformance.Expectations(
            provider: .ctx, knownMerchant: homeDepot, unknownSourceId: "00000000-0000-4000-8000-000000000000",
            signedInCredentials: server.signedInCredentials(for: .ctx),
            signIn: .init(email: "user@example.com", code: MockProviderServer.validCode, wrongCode: "000000"))
    }

    @Test func ctxRepositoryConforms() async throws {
        let server = try MockProviderServer.started()
        defer { server.stop() }
        let transport = URLSessionTransport()
        let result = try await RepositoryConformance(expectations: Self.expectations(server)) { credentials in
            CTXRepository(configuration: server.configuration(credentials: credentials, transport: transport))
        }.run()
        #expect(result.passed)
        #expect(result.skipped.isEmpty)
    }

    /// The suite is not vacuous: a repository that answers "disabled" whenever the provider fails (instead of
    /// saying why) is caught by the checks that expect an error.
    @Test func repositoryThatHidesErrorsIsCaught() async throws {
        let server = try MockProviderServer.started()
        defer { server.stop() }
        let transport = URLSessionTransport()
        let failing = ["signed out", "other network's credentials", "unknown merchant", "logout"]
        try await withKnownIssue("a repository that turns every failure into a disabled offer") {
            try await RepositoryConformance(expectations: Self.expectations(server)) { credentials in
                ErrorHidingRepository(
                    base: CTXRepository(configuration: server.configuration(credentials: credentials, transport: transport)))
            }.run()
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return failing.contains { text.hasPrefix("RepositoryConformance: \($0): ") }
        }
    }
}

/// A defective repository: a failed `merchantDetails` returns a disabled offer instead of throwing.
private struct ErrorHidingRepository: DashSpendRepository {
    let base: any DashSpendRepository
    var provider: GiftCardProvider { base.provider }

    func isSignedIn() async -> Bool { await base.isSignedIn() }
    func email() async -> String? { await base.email() }
    func login(email: String) async throws { try await base.login(email: email) }
    func verify(code: String) async throws { try await base.verify(code: code) }
    func logout() async throws { try await base.logout() }

    func merchantDetails(sourceId: String) async throws -> ProviderMerchantDetails {
        do {
            return try await base.merchantDetails(sourceId: sourceId)
        } catch {
            return ProviderMerchantDetails(
                provider: provider, sourceId: sourceId, enabled: false, discountBasisPoints: nil, denominationsType: nil,
                denominations: nil, fetchedAt: Date())
        }
    }
}

extension RepositoryConformanceTests {
    /// The secrets check is not vacuous: a repository whose description shows the stored token is caught.
    @Test func repositoryThatShowsItsTokenIsCaught() async throws {
        let server = try MockProviderServer.started()
        defer { server.stop() }
        let transport = URLSessionTransport()
        try await withKnownIssue("a repository whose description shows the access token") {
            try await RepositoryConformance(expectations: Self.expectations(server)) { credentials in
                TokenShowingRepository(
                    base: CTXRepository(configuration: server.configuration(credentials: credentials, transport: transport)),
                    credentials: credentials)
            }.run()
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().hasPrefix("RepositoryConformance: no secrets in descriptions: ")
        }
    }
}

/// A defective repository: its description reads the stored credentials and prints the access token.
private struct TokenShowingRepository: DashSpendRepository, CustomStringConvertible {
    let base: any DashSpendRepository
    let credentials: any CredentialStore
    var provider: GiftCardProvider { base.provider }

    var description: String {
        let token = (try? credentials.load(provider, network: .mainnet))??.accessToken ?? "none"
        return "TokenShowingRepository(token: \(token))"
    }

    func isSignedIn() async -> Bool { await base.isSignedIn() }
    func email() async -> String? { await base.email() }
    func login(email: String) async throws { try await base.login(email: email) }
    func verify(code: String) async throws { try await base.verify(code: code) }
    func logout() async throws { try await base.logout() }
    func merchantDetails(sourceId: String) async throws -> ProviderMerchantDetails {
        try await base.merchantDetails(sourceId: sourceId)
    }
}
