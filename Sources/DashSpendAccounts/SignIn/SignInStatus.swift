public import DashSpendCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Whether the user is signed in to one provider on the client's network. Never a token or a password.
public struct SignInStatus: Sendable, Hashable {
    /// The provider.
    public let provider: GiftCardProvider
    /// Whether credentials are stored.
    public let signedIn: Bool
    /// The e-mail address signed in (or signing in) with, if known.
    public let email: String?
    /// When the stored access token expires, if known (the stored expiry, else a JWT's `exp` claim).
    public let accessTokenExpiresAt: Date?

    /// Creates a status.
    public init(provider: GiftCardProvider, signedIn: Bool, email: String?, accessTokenExpiresAt: Date?) {
        self.provider = provider
        self.signedIn = signedIn
        self.email = email
        self.accessTokenExpiresAt = accessTokenExpiresAt
    }
}
