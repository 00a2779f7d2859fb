import DashSpend
import DashSpendSample
import DashSpendTestSupport
import Foundation
import Testing

/// What the front-door tests share: the sample's anchors, a scratch state directory, and clients built the
/// way an app builds them (one configuration, nothing global).
enum ClientFixture {
    /// The sample's Home Depot: CTX and PiggyCards; the mock's CTX answer says 325 bp, the sample 300.
    static let homeDepot = "a1b2c3d4-0001-4000-8000-000000000001"
    /// The mock CTX server's live discount for Home Depot.
    static let homeDepotLiveDiscount = 325
    /// The embedded sample, as the app would pass it.
    static let sample = EmbeddedExploreDatabase.sample

    /// A configuration over `state` whose every provider base URL points at `server`. Its time-out is a hang
    /// guard: a loopback answer takes milliseconds, but tests hold answers (gates) while they act, and a loaded
    /// machine can delay that by a minute and more.
    static func configuration(
        state: ScratchDirectory, server: MockProviderServer, offline: Bool = false,
        database: ExploreDatabaseLocation = .installed(fallback: sample),
        diagnostics: any DiagnosticsSink = SilentDiagnostics()
    ) -> DashSpendConfiguration {
        var urls: [GiftCardProvider: String] = [:]
        for provider in GiftCardProvider.allCases { urls[provider] = server.baseURL(for: provider).absoluteString }
        return DashSpendConfiguration(
            stateDirectory: state.path, database: database, providerBaseURLs: urls, offline: offline, timeout: 120,
            diagnostics: diagnostics)
    }

    /// Runs `body` and returns the ``DashSpendFailure`` it throws; fails the test when it returns instead, or
    /// throws anything else (every front-door operation throws ``DashSpendFailure`` only).
    static func failure<T>(
        sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> T
    ) async -> DashSpendFailure? {
        do {
            let value = try await body()
            Issue.record("expected a failure, got \(value)", sourceLocation: sourceLocation)
            return nil
        } catch let failure as DashSpendFailure {
            return failure
        } catch {
            Issue.record("expected a DashSpendFailure, got \(type(of: error)): \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }
}
