package import DashSpendCore
package import DashSpendSetup

/// Signing in to the providers and out: the capability behind ``DashSpendClient/login(_:email:)``,
/// ``DashSpendClient/verify(_:code:)``, ``DashSpendClient/signInStatus()`` and
/// ``DashSpendClient/logout(_:)``, over the client's providers (made once).
package struct Accounts: Sendable {
    /// The client's configuration (network, offline or not, the state directory).
    let configuration: DashSpendConfiguration
    /// The providers signed in to.
    let providers: RegisteredProviders
    /// The stored credentials, read to check them before anything is sent.
    let credentials: CredentialsFile

    /// The accounts of `providers`, whose credentials are behind `credentials`, for a client made with
    /// `configuration`.
    package init(configuration: DashSpendConfiguration, providers: RegisteredProviders, credentials: CredentialsFile) {
        self.configuration = configuration
        self.providers = providers
        self.credentials = credentials
    }

    /// Starts signing in to `provider`; see ``DashSpendClient/login(_:email:)``.
    package func login(_ provider: GiftCardProvider, email: String) async throws(DashSpendFailure) -> String {
        try requireNetwork(provider)
        try configuration.checkStateDirectory()
        try credentials.check(provider)
        let repository = providers[provider].repository
        do {
            try await repository.login(email: email)
        } catch {
            throw DashSpendFailure(error, provider: provider)
        }
        return await repository.email() ?? email
    }

    /// Finishes signing in to `provider`; see ``DashSpendClient/verify(_:code:)``.
    package func verify(_ provider: GiftCardProvider, code: String) async throws(DashSpendFailure) -> String? {
        try await checkVerifiable(provider)
        let repository = providers[provider].repository
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
    package func checkVerifiable(_ provider: GiftCardProvider) async throws(DashSpendFailure) {
        try requireNetwork(provider)
        try configuration.checkStateDirectory()
        try credentials.check(provider)
        guard let email = await providers[provider].repository.email(), !email.isEmpty else {
            throw DashSpendFailure(
                .signInRequired,
                "no sign-in to \(provider.displayName) was started on \(configuration.network.rawValue): "
                    + "no one-time code is awaited",
                cause: .notSignedIn, provider: provider)
        }
    }

    /// Whether the user is signed in to each compiled-in provider; see ``DashSpendClient/signInStatus()``.
    package func signInStatus() async throws(DashSpendFailure) -> [SignInStatus] {
        try configuration.checkStateDirectory()
        var statuses: [SignInStatus] = []
        for provider in GiftCardProvider.allCases {
            let stored = try credentials.load(provider)
            let signedIn = await providers[provider].repository.isSignedIn()
            let expiry = signedIn ? stored.flatMap(AccessTokenExpiry.date(of:)) : nil
            statuses.append(
                SignInStatus(provider: provider, signedIn: signedIn, email: stored?.email, accessTokenExpiresAt: expiry))
        }
        return statuses
    }

    /// Forgets the stored credentials of `provider`; see ``DashSpendClient/logout(_:)``.
    package func logout(_ provider: GiftCardProvider) async throws(DashSpendFailure) -> SignOutOutcome {
        // Nothing is removed through a folder someone else may have put there.
        try configuration.checkStateDirectory()
        let repository = providers[provider].repository
        var damaged = false
        do {
            try credentials.check(provider)
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
        if configuration.offline {
            throw DashSpendFailure(
                .invalidRequest, "signing in to \(provider.displayName) needs the network, and this client is offline",
                provider: provider)
        }
    }
}
