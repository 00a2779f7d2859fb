public import DashSpendAccounts
import DashSpendCore
package import DashSpendSetup

extension DashSpendClient {
    /// Starts signing in to `provider`: it e-mails a one-time code to `email`. Returns the address the
    /// provider will be verified with (remembered in the credential store).
    ///
    /// - Throws: ``DashSpendFailure``.
    public func login(_ provider: GiftCardProvider, email: String) async throws -> String {
        try await accounts.login(provider, email: email)
    }

    /// Finishes signing in to `provider` with the e-mailed one-time code and stores the credentials.
    /// Returns the e-mail address signed in with, if known.
    ///
    /// - Throws: ``DashSpendFailure``.
    public func verify(_ provider: GiftCardProvider, code: String) async throws -> String? {
        try await accounts.verify(provider, code: code)
    }

    /// Fails as ``verify(_:code:)`` would before sending anything: offline, an unsafe state directory, a
    /// damaged credentials file, or no sign-in started (``DashSpendFailure/Kind/signInRequired``). A caller
    /// that asks a person for the code asks only after this passes.
    package func checkVerifiable(_ provider: GiftCardProvider) async throws(DashSpendFailure) {
        try await accounts.checkVerifiable(provider)
    }

    /// Whether the user is signed in to each compiled-in provider. A damaged credentials file fails
    /// (``DashSpendFailure/Cause/credentials``) rather than reading as signed out.
    ///
    /// - Throws: ``DashSpendFailure``.
    public func signInStatus() async throws -> [SignInStatus] {
        try await accounts.signInStatus()
    }

    /// Forgets the stored credentials of `provider`, a damaged file too (removing it is how a user recovers
    /// from one). Works offline.
    ///
    /// - Throws: ``DashSpendFailure``.
    @discardableResult
    public func logout(_ provider: GiftCardProvider) async throws -> SignOutOutcome {
        try await accounts.logout(provider)
    }

    /// Reads the stored credentials of `provider`, so that a damaged or unreadable file fails
    /// (``DashSpendFailure/Cause/credentials``) instead of passing for "not signed in".
    ///
    /// - Throws: ``DashSpendFailure``.
    public func checkStoredCredentials(of provider: GiftCardProvider) throws {
        try credentials.check(provider)
    }
}
