package import DashSpendCore
package import DashSpendHTTP
package import Foundation

/// A started mock server, an in-memory store and a real URLSession transport; stops the server on deinit.
package final class ProviderHarness: Sendable {
    package let server: MockProviderServer
    package let store = InMemoryCredentialStore()
    package let transport = URLSessionTransport()

    package init() throws {
        server = try MockProviderServer.started()
    }

    deinit {
        server.stop()
    }

    /// The server's ``MockProviderServer/configuration(network:credentials:transport:timeout:now:)`` over the
    /// harness's store and transport (its default `timeout` a hang guard).
    package func configuration(
        timeout: Double = 120, now: @escaping @Sendable () -> Date = { Date() }
    ) -> RepositoryConfiguration {
        server.configuration(credentials: store, transport: transport, timeout: timeout, now: now)
    }

    /// Stores credentials as if the user had signed in to `provider`.
    package func signIn(_ provider: GiftCardProvider, now: Date = Date()) throws {
        try store.save(server.signedInCredentials(for: provider, now: now), for: provider, network: .mainnet)
    }

    package func stored(_ provider: GiftCardProvider) throws -> ProviderCredentials? {
        try store.load(provider, network: .mainnet)
    }
}

/// Runs `body` and returns the `DashSpendError` it threw, or nil when it threw nothing or something else.
package func dashSpendError(_ body: () async throws -> Void) async -> DashSpendError? {
    do {
        try await body()
        return nil
    } catch let error as DashSpendError {
        return error
    } catch let notKnown as OrderNotKnown {
        return notKnown.error
    } catch {
        return nil
    }
}
