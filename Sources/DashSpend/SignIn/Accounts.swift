import DashSpendCore

/// Signing in to the providers and out: the capability behind ``DashSpendClient/login(_:email:)``,
/// ``DashSpendClient/verify(_:code:)``, ``DashSpendClient/signInStatus()`` and
/// ``DashSpendClient/logout(_:)``, over the client's providers (made once).
struct Accounts: Sendable {
    /// The client's environment.
    let environment: DashSpendEnvironment

    /// Starts signing in to `provider`; see ``DashSpendClient/login(_:email:)``.
    func login(_ provider: GiftCardProvider, email: String) async throws(DashSpendFailure) -> String {
        try requireNetwork(provider)
        try environment.configuration.checkStateDirectory()
        try environment.readStoredCredentials(of: provider)
        let repository = environment.provider(provider).repository
        do {
            try await repository.login(email: email)
        } catch {
            throw DashSpendFailure(error, provider: provider)
        }
        return await repository.email() ?? email
    }

    /// Finishes signing in to `provider`; see ``DashSpendClient/verify(_:code:)``.
    func verify(_ provider: GiftCardProvider, code: String) async throws(DashSpendFailure) -> String? {
        try await checkVerifiable(provider)
        let repository = environment.provider(provider).repository
        do {
            try await repository.verify(code: code)
        } catch {
            throw DashSpendFailure(error, provider: provider)
        }
        return await repository.email()
    }

    /// Fails, sending nothing and asking for no code, when a code for `provider` could not be verified now:
    /// offline, an unsafe state directory, a damaged credentials file, or no sign-in started (no e-mail
    /// stored by ``login(_:email:)``, so no code was sent), which is ``DashSpendFailure/Kind/signInRequired``
    /// (``DashSpendFailure/Cause/notSignedIn``).
    func checkVerifiable(_ provider: GiftCardProvider) async throws(DashSpendFailure) {
        try requireNetwork(provider)
        try environment.configuration.checkStateDirectory()
        try environment.readStoredCredentials(of: provider)
        guard let email = await environment.provider(provider).repository.email(), !email.isEmpty else {
            throw DashSpendFailure(
                .signInRequired,
                "no sign-in to \(provider.displayName) was started on \(environment.configuration.network.rawValue): "
                    + "no one-time code is awaited",
                cause: .notSignedIn, provider: provider)
        }
    }

    /// Whether the user is signed in to each compiled-in provider; see ``DashSpendClient/signInStatus()``.
    func signInStatus() async throws(DashSpendFailure) -> [SignInStatus] {
        try environment.configuration.checkStateDirectory()
        var statuses: [SignInStatus] = []
        let configuration = environment.configuration
        for provider in GiftCardProvider.allCases {
            let stored: ProviderCredentials?
            do {
                stored = try environment.repositoryConfiguration.credentials.load(provider, network: configuration.network)
            } catch {
                throw DashSpendFailure(error, provider: provider)
            }
            let signedIn = await environment.provider(provider).repository.isSignedIn()
            let expiry = signedIn ? stored.flatMap(AccessTokenExpiry.date(of:)) : nil
            statuses.append(
                SignInStatus(provider: provider, signedIn: signedIn, email: stored?.email, accessTokenExpiresAt: expiry))
        }
        return statuses
    }

    /// Forgets the stored credentials of `provider`; see ``DashSpendClient/logout(_:)``.
    func logout(_ provider: GiftCardProvider) async throws(DashSpendFailure) -> SignOutOutcome {
        // Nothing is removed through a folder someone else may have put there.
        try environment.configuration.checkStateDirectory()
        let repository = environment.provider(provider).repository
        var damaged = false
        do {
            try environment.readStoredCredentials(of: provider)
        } catch {
            guard error.kind == .badData else { throw error }
            damaged = true
        }
        let wasSignedIn = await repository.isSignedIn()
        do {
            try await repository.logout()
        } catch {
            throw DashSpendFailure(error, provider: provider)
        }
        return damaged ? .removedDamagedCredentials : wasSignedIn ? .signedOut : .wasNotSignedIn
    }

    private func requireNetwork(_ provider: GiftCardProvider) throws(DashSpendFailure) {
        if environment.configuration.offline {
            throw DashSpendFailure(
                .invalidRequest, "signing in to \(provider.displayName) needs the network, and this client is offline",
                provider: provider)
        }
    }
}
