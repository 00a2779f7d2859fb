public import DashSpendCore
public import Testing

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The checks every ``CredentialStore`` must pass, to run from a Swift Testing test against your own store.
///
/// ```swift
/// @Test func myStoreConforms() async throws {
///     let folder = try TemporaryFolder()
///     try await CredentialStoreConformance(makeStore: { MyKeychainStore(service: folder.uniqueName()) }).run()
/// }
/// ```
///
/// Each failure is recorded as a Swift Testing issue at the line that called ``run(sourceLocation:)``, with
/// a message that names the check (`CredentialStoreConformance: round trip: ...`).
///
/// ## Implementation requirements
/// - `makeStore` returns a new, empty store each time it is called; two stores it returned share nothing.
/// - ``CredentialStore/load(_:network:)`` of nothing returns nil and does not throw.
/// - ``CredentialStore/save(_:for:network:)`` then `load` returns an equal value: every field, dates to the
///   second at least. Values are kept apart per provider and per network.
/// - A save replaces the whole value: fields absent from the new value are gone.
/// - ``CredentialStore/delete(_:network:)`` removes only that provider's value on that network; deleting
///   what is not there is not an error.
/// - Saves from concurrent tasks leave one of the saved values readable (never a mix, never a broken file),
///   and loads that run meanwhile return nil or one of those values.
/// - The store's own description never shows a secret it holds.
///
/// The suite uses only `load`, `save` and `delete`, so requirements added to ``CredentialStore`` later with
/// a default implementation do not change it.
public struct CredentialStoreConformance: Sendable {
    /// The checks, in the order ``run(sourceLocation:)`` runs them.
    public static let checks = [
        "empty load", "round trip", "kept apart per provider and network", "overwrite", "delete",
        "concurrent saves", "no secrets in descriptions",
    ]

    private let makeStore: @Sendable () throws -> any CredentialStore
    private let providers: [GiftCardProvider]
    private let concurrentWriters: Int

    /// Creates the suite.
    ///
    /// - Parameters:
    ///   - providers: the providers to file values for (default: every provider compiled into this build).
    ///   - concurrentWriters: how many tasks save at the same time in the concurrency check.
    ///   - makeStore: returns a new, empty store; called once per check.
    public init(
        providers: [GiftCardProvider] = GiftCardProvider.allCases, concurrentWriters: Int = 16,
        makeStore: @escaping @Sendable () throws -> any CredentialStore
    ) {
        self.makeStore = makeStore
        self.providers = providers
        self.concurrentWriters = max(2, concurrentWriters)
    }

    /// Runs every check; failures are recorded as issues at `sourceLocation`.
    ///
    /// - Returns: what ran and how many issues were recorded.
    /// - Throws: only when `makeStore` throws (the suite cannot run).
    @discardableResult
    public func run(sourceLocation: SourceLocation = #_sourceLocation) async throws -> ConformanceResult {
        let recorder = ConformanceRecorder(suite: "CredentialStoreConformance", location: sourceLocation)
        try emptyLoad(makeStore(), recorder)
        try roundTrip(makeStore(), recorder)
        try keptApart(makeStore(), recorder)
        try overwrite(makeStore(), recorder)
        try delete(makeStore(), recorder)
        try await concurrentSaves(makeStore(), recorder)
        try noSecrets(makeStore(), recorder)
        return ConformanceResult(checks: Self.checks, skipped: [], failureCount: recorder.failureCount)
    }

    // MARK: - Checks

    private var keys: [(provider: GiftCardProvider, network: DashSpendNetwork)] {
        providers.flatMap { provider in DashSpendNetwork.allCases.map { (provider, $0) } }
    }

    private func emptyLoad(_ store: any CredentialStore, _ recorder: ConformanceRecorder) {
        for (provider, network) in keys {
            do {
                let loaded = try store.load(provider, network: network)
                recorder.expect(
                    loaded == nil, "empty load",
                    "load(\(provider.id), \(network)) of an empty store returned \(String(describing: loaded)), not nil")
            } catch {
                recorder.fail("empty load", "load(\(provider.id), \(network)) of an empty store threw \(error)")
            }
        }
    }

    private func roundTrip(_ store: any CredentialStore, _ recorder: ConformanceRecorder) {
        for (index, key) in keys.enumerated() {
            let saved = Self.sample(index, key.provider, key.network)
            check("round trip", store, recorder, save: saved, key)
            expectLoad("round trip", store, recorder, key, saved)
        }
        let sparse = ProviderCredentials(email: "sparse@example.com")
        let first = keys[0]
        check("round trip", store, recorder, save: sparse, first)
        expectLoad("round trip", store, recorder, first, sparse)
    }

    private func keptApart(_ store: any CredentialStore, _ recorder: ConformanceRecorder) {
        let check = "kept apart per provider and network"
        for (index, key) in keys.enumerated() {
            self.check(check, store, recorder, save: Self.sample(index, key.provider, key.network), key)
        }
        for (index, key) in keys.enumerated() {
            expectLoad(check, store, recorder, key, Self.sample(index, key.provider, key.network))
        }
        // Deleting one value leaves every other one.
        let removed = keys[0]
        do {
            try store.delete(removed.provider, network: removed.network)
        } catch {
            recorder.fail(check, "delete(\(removed.provider.id), \(removed.network)) threw \(error)")
        }
        expectLoad(check, store, recorder, removed, nil)
        for (index, key) in keys.enumerated().dropFirst() {
            expectLoad(check, store, recorder, key, Self.sample(index, key.provider, key.network))
        }
    }

    private func overwrite(_ store: any CredentialStore, _ recorder: ConformanceRecorder) {
        let key = keys[0]
        let full = Self.sample(0, key.provider, key.network)
        let replacement = ProviderCredentials(email: "replacement@example.com", accessToken: "kit-replacement-token")
        check("overwrite", store, recorder, save: full, key)
        check("overwrite", store, recorder, save: replacement, key)
        expectLoad("overwrite", store, recorder, key, replacement)
    }

    private func delete(_ store: any CredentialStore, _ recorder: ConformanceRecorder) {
        let key = keys[0]
        do {
            try store.delete(key.provider, network: key.network)
        } catch {
            recorder.fail("delete", "delete of nothing threw \(error); deleting what is not there is not an error")
        }
        check("delete", store, recorder, save: Self.sample(0, key.provider, key.network), key)
        do {
            try store.delete(key.provider, network: key.network)
            try store.delete(key.provider, network: key.network)
        } catch {
            recorder.fail("delete", "delete(\(key.provider.id), \(key.network)) threw \(error)")
        }
        expectLoad("delete", store, recorder, key, nil)
    }

    private func concurrentSaves(_ store: any CredentialStore, _ recorder: ConformanceRecorder) async {
        let key = keys[0]
        let values = (0..<concurrentWriters).map { Self.sample($0, key.provider, key.network) }
        let failures = await withTaskGroup(of: String?.self) { group in
            for value in values {
                group.addTask {
                    do {
                        try store.save(value, for: key.provider, network: key.network)
                        return nil
                    } catch {
                        return "a concurrent save threw \(error)"
                    }
                }
                group.addTask {
                    do {
                        let loaded = try store.load(key.provider, network: key.network)
                        if let loaded, !values.contains(loaded) {
                            return "a load during concurrent saves returned a value nobody saved: \(loaded)"
                        }
                        return nil
                    } catch {
                        return "a load during concurrent saves threw \(error)"
                    }
                }
            }
            var failures: [String] = []
            for await failure in group {
                if let failure { failures.append(failure) }
            }
            return failures
        }
        for failure in Set(failures).sorted() { recorder.fail("concurrent saves", failure) }
        do {
            let loaded = try store.load(key.provider, network: key.network)
            recorder.expect(
                loaded.map(values.contains) == true, "concurrent saves",
                "after \(values.count) concurrent saves, load returned \(String(describing: loaded)), not one of the saved values"
            )
        } catch {
            recorder.fail("concurrent saves", "load after concurrent saves threw \(error)")
        }
    }

    private func noSecrets(_ store: any CredentialStore, _ recorder: ConformanceRecorder) {
        let key = keys[0]
        let saved = Self.sample(7, key.provider, key.network)
        check("no secrets in descriptions", store, recorder, save: saved, key)
        let secrets = [saved.accessToken, saved.refreshToken, saved.password].compactMap { $0 }
        for text in [String(describing: store), String(reflecting: store)] {
            for secret in secrets where text.contains(secret) {
                recorder.fail("no secrets in descriptions", "the store's description shows a stored secret: \(text)")
            }
        }
    }

    // MARK: - Helpers

    private func check(
        _ name: String, _ store: any CredentialStore, _ recorder: ConformanceRecorder, save value: ProviderCredentials,
        _ key: (provider: GiftCardProvider, network: DashSpendNetwork)
    ) {
        do {
            try store.save(value, for: key.provider, network: key.network)
        } catch {
            recorder.fail(name, "save(for: \(key.provider.id), \(key.network)) threw \(error)")
        }
    }

    private func expectLoad(
        _ name: String, _ store: any CredentialStore, _ recorder: ConformanceRecorder,
        _ key: (provider: GiftCardProvider, network: DashSpendNetwork), _ expected: ProviderCredentials?
    ) {
        do {
            let loaded = try store.load(key.provider, network: key.network)
            guard loaded != expected else { return }
            recorder.fail(
                name,
                "load(\(key.provider.id), \(key.network)) returned \(Self.describe(loaded)), expected \(Self.describe(expected))"
            )
        } catch {
            recorder.fail(name, "load(\(key.provider.id), \(key.network)) threw \(error)")
        }
    }

    /// A value that names which fields differ without printing a secret.
    static func describe(_ credentials: ProviderCredentials?) -> String {
        guard let credentials else { return "nil" }
        return
            "ProviderCredentials(email: \(credentials.email ?? "nil"), userId: \(credentials.userId ?? "nil"), "
            + "accessToken: \(fingerprint(credentials.accessToken)), refreshToken: \(fingerprint(credentials.refreshToken)), "
            + "password: \(fingerprint(credentials.password)), refreshTokenIssuedAt: \(String(describing: credentials.refreshTokenIssuedAt)), "
            + "accessTokenExpiresAt: \(String(describing: credentials.accessTokenExpiresAt)))"
    }

    /// `nil`, or the secret's length and last character: enough to tell two test values apart.
    private static func fingerprint(_ secret: String?) -> String {
        guard let secret else { return "nil" }
        return "<\(secret.count) characters ending \(secret.last.map(String.init) ?? "")>"
    }

    /// Distinct credentials for `index`, with every field set and dates on whole seconds.
    static func sample(_ index: Int, _ provider: GiftCardProvider, _ network: DashSpendNetwork) -> ProviderCredentials {
        let tag = "\(provider.id)-\(network.rawValue)-\(index)"
        return ProviderCredentials(
            email: "user\(index)@example.com", accessToken: "kit-access-\(tag)", refreshToken: "kit-refresh-\(tag)",
            refreshTokenIssuedAt: Date(timeIntervalSince1970: 1_750_000_000 + Double(index)),
            accessTokenExpiresAt: Date(timeIntervalSince1970: 1_760_000_000 + Double(index)), userId: "user-\(tag)",
            password: "kit-password-\(tag)")
    }
}
