/// What ``DashSpendClient/logout(_:)`` did.
public enum SignOutOutcome: Sendable, Hashable {
    /// The stored credentials were removed.
    case signedOut
    /// Nothing was stored.
    case wasNotSignedIn
    /// The credentials file was damaged; it was removed.
    case removedDamagedCredentials
}
