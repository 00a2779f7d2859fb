import DashSpendCore
import DashSpendHTTP
import DashSpendTestSupport
import Foundation

/// A started mock server, an in-memory store and a real URLSession transport; stops the server on deinit.
final class ProviderHarness: Sendable {
    let server: MockProviderServer
    let store = InMemoryCredentialStore()
    let transport = URLSessionTransport()

    init() throws {
        server = try MockProviderServer.started()
    }

    deinit {
        server.stop()
    }

    func configuration(timeout: Double = 5, now: @escaping @Sendable () -> Date = { Date() }) -> RepositoryConfiguration {
        server.configuration(credentials: store, transport: transport, timeout: timeout, now: now)
    }

    /// Stores credentials as if the user had signed in to `provider`.
    func signIn(_ provider: GiftCardProvider, now: Date = Date()) throws {
        try store.save(server.signedInCredentials(for: provider, now: now), for: provider, network: .mainnet)
    }

    func stored(_ provider: GiftCardProvider) throws -> ProviderCredentials? {
        try store.load(provider, network: .mainnet)
    }
}

/// Runs `body` and returns the `DashSpendError` it threw, or nil when it threw nothing or something else.
func dashSpendError(_ body: () async throws -> Void) async -> DashSpendError? {
    do {
        try await body()
        return nil
    } catch let error as DashSpendError {
        return error
    } catch {
        return nil
    }
}
