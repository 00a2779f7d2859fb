import DashSpendCore

extension DashSpendClient {
    /// Starts signing in to `provider`: it e-mails a one-time code to `email`. Returns the address the
    /// provider will be verified with (remembered in the credential store).
    ///
    /// - Throws: ``DashSpendFailure``.
    public func login(_ provider: GiftCardProvider, email: String) async throws -> String {
        try requireNetwork(provider)
        try readStoredCredentials(of: provider)
        try refuseUnsafeStateDirectory()
        let repository = repositoryFactory.makeRepository(for: provider)
        do {
            try await repository.login(email: email)
        } catch {
            throw DashSpendFailure(error, provider: provider)
        }
        return await repository.email() ?? email
    }

    /// Refuses, before any request, a state directory that is not safe for private files (someone else's, or
    /// writable by group or others, like `/tmp`): the sign-in could never be stored there. Creates the
    /// network's folder (0700) when missing; any other failure is left to the store that writes there.
    func refuseUnsafeStateDirectory() throws(DashSpendFailure) {
        do {
            try PrivateDirectory.prepareStateFolder(configuration.networkDirectory)
        } catch  where error.isUnsafe {
            throw DashSpendFailure(.badData, "the state directory \(error)", cause: .stateDirectory, subject: error.path)
        } catch {
            return
        }
    }

    /// Finishes signing in to `provider` with the e-mailed one-time code and stores the credentials.
    /// Returns the e-mail address signed in with, if known.
    ///
    /// - Throws: ``DashSpendFailure``.
    public func verify(_ provider: GiftCardProvider, code: String) async throws -> String? {
        try requireNetwork(provider)
        try readStoredCredentials(of: provider)
        let repository = repositoryFactory.makeRepository(for: provider)
        do {
            try await repository.verify(code: code)
        } catch {
            throw DashSpendFailure(error, provider: provider)
        }
        return await repository.email()
    }

    /// Whether the user is signed in to each compiled-in provider. A damaged credentials file fails
    /// (``DashSpendFailure/Cause/credentials``) rather than reading as signed out.
    ///
    /// - Throws: ``DashSpendFailure``.
    public func signInStatus() async throws -> [SignInStatus] {
        var statuses: [SignInStatus] = []
        for provider in GiftCardProvider.allCases {
            let stored: ProviderCredentials?
            do {
                stored = try repositoryConfiguration.credentials.load(provider, network: configuration.network)
            } catch {
                throw DashSpendFailure(error, provider: provider)
            }
            let signedIn = await repositoryFactory.makeRepository(for: provider).isSignedIn()
            let expiry = signedIn ? stored.flatMap(AccessTokenExpiry.date(of:)) : nil
            statuses.append(
                SignInStatus(provider: provider, signedIn: signedIn, email: stored?.email, accessTokenExpiresAt: expiry))
        }
        return statuses
    }

    /// Forgets the stored credentials of `provider`, a damaged file too (removing it is how a user recovers
    /// from one). Works offline.
    ///
    /// - Throws: ``DashSpendFailure``.
    @discardableResult
    public func logout(_ provider: GiftCardProvider) async throws -> SignOutOutcome {
        let repository = repositoryFactory.makeRepository(for: provider)
        var damaged = false
        do {
            try readStoredCredentials(of: provider)
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

    /// Reads the stored credentials of `provider`, so that a damaged or unreadable file fails
    /// (``DashSpendFailure/Cause/credentials``) instead of passing for "not signed in".
    ///
    /// - Throws: ``DashSpendFailure``.
    public func checkStoredCredentials(of provider: GiftCardProvider) throws {
        try readStoredCredentials(of: provider)
    }

    /// ``checkStoredCredentials(of:)`` with its failure typed, for the client's own checks.
    func readStoredCredentials(of provider: GiftCardProvider) throws(DashSpendFailure) {
        do {
            _ = try repositoryConfiguration.credentials.load(provider, network: configuration.network)
        } catch {
            throw DashSpendFailure(error, provider: provider)
        }
    }

    private func requireNetwork(_ provider: GiftCardProvider) throws(DashSpendFailure) {
        if configuration.offline {
            throw DashSpendFailure(
                .invalidRequest, "signing in to \(provider.displayName) needs the network, and this client is offline",
                provider: provider)
        }
    }
}
