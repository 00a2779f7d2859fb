/// One provider's account and catalogue: sign-in state and merchant details.
///
/// ## Implementation requirements
/// - Be safe to call from any task; concurrent calls must not corrupt stored credentials.
/// - Never put a token, password or one-time code in an error or a log line.
/// - Throw ``DashSpendError`` values, or ``CredentialStoreError`` when the credential store cannot be read
///   or written (and `CancellationError` when the calling task is cancelled).
public protocol DashSpendRepository: Sendable {
    /// The provider this repository talks to.
    var provider: GiftCardProvider { get }

    /// Whether credentials for this provider and network are stored. A store that cannot be read (a damaged
    /// file) is not "signed out": answer true, so the next request says what is wrong with it.
    func isSignedIn() async -> Bool

    /// The e-mail address of the signed-in (or signing-in) user, if known.
    func email() async -> String?

    /// Starts a sign-in: the provider e-mails a one-time code to `email`.
    func login(email: String) async throws

    /// Completes a sign-in with the one-time code and stores the credentials.
    func verify(code: String) async throws

    /// Forgets the stored credentials.
    func logout() async throws

    /// Fetches the provider's live details for the merchant it calls `sourceId`.
    func merchantDetails(sourceId: String) async throws -> ProviderMerchantDetails
}
