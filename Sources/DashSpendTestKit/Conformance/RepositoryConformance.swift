public import DashSpendCore
import DashSpendLocking
public import Testing

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The checks every ``DashSpendRepository`` must pass, run against a server or fixture you provide (your
/// provider's staging API, or a loopback server that speaks its wire format).
///
/// The suite gives your repository a fresh ``InMemoryCredentialStore`` for each check, through `makeRepository`,
/// and seeds it with ``Expectations/signedInCredentials`` when a check needs a signed-in user:
///
/// ```swift
/// @Test func myRepositoryConforms() async throws {
///     let server = try MyProviderFixtureServer.started()
///     let expectations = RepositoryConformance.Expectations(
///         provider: .myProvider, knownMerchant: server.expectedAnswer(for: "brand-1"),
///         unknownSourceId: "no-such-brand", signedInCredentials: server.signedInCredentials())
///     try await RepositoryConformance(expectations: expectations) { credentials in
///         MyRepository(configuration: server.configuration(credentials: credentials))
///     }.run()
/// }
/// ```
///
/// Each failure is recorded as a Swift Testing issue at the line that called ``run(sourceLocation:)``, with
/// a message that names the check (`RepositoryConformance: signed out: ...`).
///
/// ## Implementation requirements
/// - ``DashSpendRepository/provider`` is the provider the repository talks to.
/// - With no credentials stored: ``DashSpendRepository/isSignedIn()`` is false and
///   ``DashSpendRepository/merchantDetails(sourceId:)`` throws ``DashSpendError/signInRequired(_:)`` naming
///   the provider, storing nothing. Credentials stored for the other network do not count.
/// - Signed in: `merchantDetails` of the known merchant returns the expected answer (every field but
///   `fetchedAt`), with the repository's provider.
/// - A merchant the provider does not know throws ``DashSpendError/unknownMerchant(_:)`` (or, for a
///   provider whose API answers an unknown id with an empty catalogue, returns a disabled offer: see
///   ``Expectations/UnknownMerchantAnswer``); a blank id throws ``DashSpendError/unknownMerchant(_:)``.
/// - ``DashSpendRepository/logout()`` forgets the credentials of its provider and network, and may be
///   called when signed out.
/// - When ``Expectations/signIn`` is given: `login` then `verify` with the right code signs the user in and
///   stores the credentials; a wrong code throws ``DashSpendError/wrongCode`` and leaves the user signed out.
/// - No error and no description of the repository contains a token, a password or the one-time code.
public struct RepositoryConformance: Sendable {
    /// What the repository under test must answer, from the server or fixture it talks to.
    public struct Expectations: Sendable {
        /// What a provider answers about a merchant it does not know.
        public enum UnknownMerchantAnswer: Sendable, Hashable {
            /// ``DashSpendError/unknownMerchant(_:)`` is thrown (CTX: a 404).
            case unknownMerchantError
            /// A disabled offer is returned (PiggyCards: an empty list of cards).
            case disabledOffer
        }

        /// An e-mail sign-in the server accepts.
        public struct SignIn: Sendable, Hashable {
            /// The address to log in with.
            public var email: String
            /// The one-time code the server accepts.
            public var code: String
            /// A code the server refuses.
            public var wrongCode: String

            /// Creates a sign-in.
            public init(email: String, code: String, wrongCode: String) {
                self.email = email
                self.code = code
                self.wrongCode = wrongCode
            }
        }

        /// The provider the repository talks to.
        public var provider: GiftCardProvider
        /// The network the repository is configured for.
        public var network: DashSpendNetwork
        /// The answer about a merchant the server knows; `fetchedAt` is not compared.
        public var knownMerchant: ProviderMerchantDetails
        /// An id the server does not know.
        public var unknownSourceId: String
        /// What the server answers about ``unknownSourceId``.
        public var unknownMerchantAnswer: UnknownMerchantAnswer
        /// Credentials the server accepts, as a completed sign-in stores them.
        public var signedInCredentials: ProviderCredentials
        /// A sign-in to run through `login` and `verify`; nil skips that check.
        public var signIn: SignIn?

        /// Creates the expectations.
        public init(
            provider: GiftCardProvider, network: DashSpendNetwork = .mainnet, knownMerchant: ProviderMerchantDetails,
            unknownSourceId: String, unknownMerchantAnswer: UnknownMerchantAnswer = .unknownMerchantError,
            signedInCredentials: ProviderCredentials, signIn: SignIn? = nil
        ) {
            self.provider = provider
            self.network = network
            self.knownMerchant = knownMerchant
            self.unknownSourceId = unknownSourceId
            self.unknownMerchantAnswer = unknownMerchantAnswer
            self.signedInCredentials = signedInCredentials
            self.signIn = signIn
        }
    }

    /// The checks, in the order ``run(sourceLocation:)`` runs them.
    public static let checks = [
        "provider identity", "signed out", "other network's credentials", "known merchant", "unknown merchant",
        "logout", "sign in", "no secrets in descriptions",
    ]

    private let expectations: Expectations
    private let makeRepository: @Sendable (any CredentialStore) throws -> any DashSpendRepository

    /// Creates the suite.
    ///
    /// - Parameters:
    ///   - expectations: what the server or fixture behind the repository answers.
    ///   - makeRepository: builds the repository under test on the credential store it is given, for
    ///     ``Expectations/network``; called once per check.
    public init(
        expectations: Expectations,
        makeRepository: @escaping @Sendable (_ credentials: any CredentialStore) throws -> any DashSpendRepository
    ) {
        self.expectations = expectations
        self.makeRepository = makeRepository
    }

    /// Runs every check; failures are recorded as issues at `sourceLocation`.
    ///
    /// - Returns: what ran, what was skipped and how many issues were recorded.
    /// - Throws: only when `makeRepository` throws (the suite cannot run).
    @discardableResult
    public func run(sourceLocation: SourceLocation = #_sourceLocation) async throws -> ConformanceResult {
        let recorder = ConformanceRecorder(suite: "RepositoryConformance", location: sourceLocation)
        let seen = Seen()
        try identity(recorder)
        try await signedOut(recorder, seen)
        try await otherNetwork(recorder, seen)
        try await knownMerchant(recorder, seen)
        try await unknownMerchant(recorder, seen)
        try await logout(recorder, seen)
        var skipped: [String] = []
        if let signIn = expectations.signIn {
            try await self.signIn(signIn, recorder, seen)
        } else {
            skipped.append("sign in")
        }
        noSecrets(recorder, seen)
        return ConformanceResult(
            checks: Self.checks.filter { !skipped.contains($0) }, skipped: skipped, failureCount: recorder.failureCount)
    }

    // MARK: - Checks

    private var provider: GiftCardProvider { expectations.provider }
    private var network: DashSpendNetwork { expectations.network }

    private func identity(_ recorder: ConformanceRecorder) throws {
        let repository = try makeRepository(InMemoryCredentialStore())
        recorder.expect(
            repository.provider == provider, "provider identity",
            "provider is \(repository.provider.id), expected \(provider.id)")
    }

    private func signedOut(_ recorder: ConformanceRecorder, _ seen: Seen) async throws {
        let check = "signed out"
        let store = InMemoryCredentialStore()
        let repository = try makeRepository(store)
        seen.add(repository)
        await expectSignedOut(check, repository, store, recorder, seen)
        // Logging out when signed out is not an error.
        await recorder.succeeds(check, "logout() while signed out") { try await repository.logout() }
    }

    private func otherNetwork(_ recorder: ConformanceRecorder, _ seen: Seen) async throws {
        let check = "other network's credentials"
        for other in DashSpendNetwork.allCases where other != network {
            let store = InMemoryCredentialStore()
            try store.save(expectations.signedInCredentials, for: provider, network: other)
            let repository = try makeRepository(store)
            await expectSignedOut(check, repository, store, recorder, seen, ignoring: other)
        }
    }

    private func knownMerchant(_ recorder: ConformanceRecorder, _ seen: Seen) async throws {
        let check = "known merchant"
        let (repository, _) = try signedInRepository()
        seen.add(repository)
        let isSignedIn = await repository.isSignedIn()
        recorder.expect(isSignedIn, check, "isSignedIn() is false with credentials stored for \(provider.id) on \(network)")
        let email = await repository.email()
        recorder.expect(
            email == expectations.signedInCredentials.email, check,
            "email() is \(email ?? "nil"), the stored credentials say \(expectations.signedInCredentials.email ?? "nil")")
        let expected = expectations.knownMerchant
        let details = await recorder.attempt(check, "merchantDetails(sourceId: \"\(expected.sourceId)\")") {
            try await repository.merchantDetails(sourceId: expected.sourceId)
        }
        guard let details else { return }
        seen.add(details)
        let differences = Self.differences(details, expected)
        recorder.expect(
            differences.isEmpty, check,
            "merchantDetails(sourceId: \"\(expected.sourceId)\") differs from the expected answer: "
                + differences.joined(separator: "; "))
    }

    private func unknownMerchant(_ recorder: ConformanceRecorder, _ seen: Seen) async throws {
        let check = "unknown merchant"
        let (repository, _) = try signedInRepository()
        let id = expectations.unknownSourceId
        switch expectations.unknownMerchantAnswer {
        case .unknownMerchantError:
            let error = await recorder.thrown(check, "merchantDetails(sourceId: \"\(id)\") of an unknown merchant") {
                _ = try await repository.merchantDetails(sourceId: id)
            }
            if let error {
                seen.add(error)
                recorder.expect(
                    Self.isUnknownMerchant(error), check,
                    "merchantDetails(sourceId: \"\(id)\") threw \(String(reflecting: error)), not DashSpendError.unknownMerchant")
            }
        case .disabledOffer:
            if let details = await recorder.attempt(
                check, "merchantDetails(sourceId: \"\(id)\")",
                {
                    try await repository.merchantDetails(sourceId: id)
                })
            {
                recorder.expect(
                    details.enabled == false && details.provider == provider, check,
                    "merchantDetails(sourceId: \"\(id)\") of an unknown merchant returned \(details), not a disabled offer")
            }
        }
        for blank in ["", "   "] {
            let error = await recorder.thrown(check, "merchantDetails(sourceId: \"\(blank)\")") {
                _ = try await repository.merchantDetails(sourceId: blank)
            }
            if let error {
                recorder.expect(
                    Self.isUnknownMerchant(error), check,
                    "merchantDetails(sourceId: \"\(blank)\") threw \(String(reflecting: error)), not DashSpendError.unknownMerchant"
                )
            }
        }
    }

    private func logout(_ recorder: ConformanceRecorder, _ seen: Seen) async throws {
        let check = "logout"
        let (repository, store) = try signedInRepository()
        // Another network's credentials must survive a logout.
        let others = DashSpendNetwork.allCases.filter { $0 != network }
        for other in others { try store.save(expectations.signedInCredentials, for: provider, network: other) }
        guard await recorder.succeeds(check, "logout()", { try await repository.logout() }) else { return }
        await expectSignedOut(check, repository, store, recorder, seen, ignoring: others.first)
        for other in others {
            let kept = try store.load(provider, network: other)
            recorder.expect(
                kept == expectations.signedInCredentials, check,
                "logout() on \(network) removed or changed the credentials stored for \(other)")
        }
    }

    private func signIn(_ signIn: Expectations.SignIn, _ recorder: ConformanceRecorder, _ seen: Seen) async throws {
        let check = "sign in"
        // A wrong code leaves the user signed out.
        let refused = InMemoryCredentialStore()
        let refusedRepository = try makeRepository(refused)
        if await recorder.succeeds(
            check, "login(email: \"\(signIn.email)\")",
            {
                try await refusedRepository.login(email: signIn.email)
            })
        {
            let error = await recorder.thrown(check, "verify(code:) with a wrong code") {
                try await refusedRepository.verify(code: signIn.wrongCode)
            }
            if let error {
                seen.add(error)
                recorder.expect(
                    (error as? DashSpendError) == .wrongCode, check,
                    "verify(code:) with a wrong code threw \(String(reflecting: error)), not DashSpendError.wrongCode")
            }
            let isSignedIn = await refusedRepository.isSignedIn()
            recorder.expect(!isSignedIn, check, "isSignedIn() is true after a wrong code")
        }
        // The right code signs in and stores credentials.
        let store = InMemoryCredentialStore()
        let repository = try makeRepository(store)
        seen.add(repository)
        guard
            await recorder.succeeds(
                check, "login then verify",
                {
                    try await repository.login(email: signIn.email)
                    try await repository.verify(code: signIn.code)
                })
        else { return }
        let isSignedIn = await repository.isSignedIn()
        recorder.expect(isSignedIn, check, "isSignedIn() is false after login and verify with the right code")
        let email = await repository.email()
        recorder.expect(email == signIn.email, check, "email() is \(email ?? "nil") after signing in as \(signIn.email)")
        let stored = try store.load(provider, network: network)
        recorder.expect(
            stored?.isSignedIn == true, check, "no access token is stored for \(provider.id) on \(network) after signing in")
        if let stored { seen.addSecrets(of: stored) }
        seen.addSecret(signIn.code)
        let details = await recorder.attempt(check, "merchantDetails after signing in") {
            try await repository.merchantDetails(sourceId: expectations.knownMerchant.sourceId)
        }
        if let details { seen.add(details) }
    }

    private func noSecrets(_ recorder: ConformanceRecorder, _ seen: Seen) {
        seen.addSecrets(of: expectations.signedInCredentials)
        for leak in seen.leaks() {
            recorder.fail("no secrets in descriptions", "a secret appears (shown here as <secret>) in: \(leak)")
        }
    }

    // MARK: - Helpers

    private func signedInRepository() throws -> (any DashSpendRepository, InMemoryCredentialStore) {
        let store = InMemoryCredentialStore()
        try store.save(expectations.signedInCredentials, for: provider, network: network)
        return (try makeRepository(store), store)
    }

    private func expectSignedOut(
        _ check: String, _ repository: any DashSpendRepository, _ store: InMemoryCredentialStore,
        _ recorder: ConformanceRecorder, _ seen: Seen, ignoring other: DashSpendNetwork? = nil
    ) async {
        let isSignedIn = await repository.isSignedIn()
        recorder.expect(!isSignedIn, check, "isSignedIn() is true with no credentials stored for \(provider.id) on \(network)")
        let saves = store.saveCount
        let id = expectations.knownMerchant.sourceId
        let error = await recorder.thrown(check, "merchantDetails(sourceId: \"\(id)\") while signed out") {
            _ = try await repository.merchantDetails(sourceId: id)
        }
        if let error {
            seen.add(error)
            recorder.expect(
                (error as? DashSpendError) == .signInRequired(provider), check,
                "merchantDetails while signed out threw \(String(reflecting: error)), not DashSpendError.signInRequired(.\(provider))"
            )
        }
        recorder.expect(store.saveCount == saves, check, "merchantDetails while signed out saved credentials")
        do {
            let stored = try store.load(provider, network: network)
            recorder.expect(stored == nil, check, "credentials are stored for \(provider.id) on \(network) while signed out")
        } catch {
            recorder.fail(check, "the in-memory store threw \(error)")
        }
    }

    static func isUnknownMerchant(_ error: any Error) -> Bool {
        if case .unknownMerchant? = error as? DashSpendError { return true }
        return false
    }

    /// The fields of `details` that differ from `expected`, `fetchedAt` aside.
    static func differences(_ details: ProviderMerchantDetails, _ expected: ProviderMerchantDetails) -> [String] {
        var result: [String] = []
        func compare<T: Equatable>(_ name: String, _ actual: T, _ wanted: T) {
            if actual != wanted { result.append("\(name) is \(actual), expected \(wanted)") }
        }
        compare("provider", details.provider, expected.provider)
        compare("sourceId", details.sourceId, expected.sourceId)
        compare("name", String(describing: details.name), String(describing: expected.name))
        compare("enabled", String(describing: details.enabled), String(describing: expected.enabled))
        compare(
            "discountBasisPoints", String(describing: details.discountBasisPoints),
            String(describing: expected.discountBasisPoints))
        compare(
            "denominationsType", String(describing: details.denominationsType),
            String(describing: expected.denominationsType))
        compare("denominations", String(describing: details.denominations), String(describing: expected.denominations))
        return result
    }
}

/// What a repository run showed (the repositories, their answers and errors) and the secrets it must not show.
private final class Seen: Sendable {
    private struct State {
        var texts: [String] = []
        var secrets: Set<String> = []
    }

    private let state = Locked(State())

    func add(_ value: Any) {
        let texts = [String(describing: value), String(reflecting: value), Self.dumped(value)]
        state.withLock { $0.texts += texts }
    }

    func addSecret(_ secret: String) {
        guard !secret.isEmpty else { return }
        state.withLock { _ = $0.secrets.insert(secret) }
    }

    func addSecrets(of credentials: ProviderCredentials) {
        for secret in [credentials.accessToken, credentials.refreshToken, credentials.password].compactMap({ $0 }) {
            addSecret(secret)
        }
    }

    /// Every distinct text that contains a secret, each secret in it replaced by `<secret>`.
    func leaks() -> [String] {
        state.withLock { state in
            var seen: Set<String> = []
            return state.texts.compactMap { text in
                let secrets = state.secrets.filter { text.contains($0) }
                guard !secrets.isEmpty else { return nil }
                let redacted = secrets.sorted { $0.count > $1.count }.reduce(text) {
                    $0.replacingEvery($1, with: "<secret>")
                }
                return seen.insert(redacted).inserted ? redacted : nil
            }
        }
    }

    private static func dumped(_ value: Any) -> String {
        var text = ""
        dump(value, to: &text, maxDepth: 6)
        return text
    }
}
