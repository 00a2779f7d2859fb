#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// What is stored for one provider on one network. Secrets never leave this value except to the provider.
public struct ProviderCredentials: Sendable, Hashable, Codable {
    /// The user's e-mail address.
    public var email: String?
    /// The bearer token.
    public var accessToken: String?
    /// CTX's refresh token.
    public var refreshToken: String?
    /// When the refresh token was issued (CTX refreshes proactively after 90 days).
    public var refreshTokenIssuedAt: Date?
    /// When the access token expires (PiggyCards `expires_in`).
    public var accessTokenExpiresAt: Date?
    /// PiggyCards' user id.
    public var userId: String?
    /// PiggyCards' generated password.
    public var password: String?

    /// Creates credentials.
    public init(
        email: String? = nil, accessToken: String? = nil, refreshToken: String? = nil,
        refreshTokenIssuedAt: Date? = nil, accessTokenExpiresAt: Date? = nil, userId: String? = nil,
        password: String? = nil
    ) {
        self.email = email
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.refreshTokenIssuedAt = refreshTokenIssuedAt
        self.accessTokenExpiresAt = accessTokenExpiresAt
        self.userId = userId
        self.password = password
    }

    /// Whether a bearer token is present.
    public var isSignedIn: Bool { !(accessToken ?? "").isEmpty }
}

extension ProviderCredentials: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// A description with every secret redacted.
    public var description: String {
        "ProviderCredentials(email: \(email ?? "nil"), signedIn: \(isSignedIn))"
    }
    /// Same as ``description``: secrets never appear in logs.
    public var debugDescription: String { description }

    /// What `dump` shows: the e-mail, user id and dates, and only whether each secret is present.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "email": email as Any, "userId": userId as Any, "hasAccessToken": !(accessToken ?? "").isEmpty,
                "hasRefreshToken": !(refreshToken ?? "").isEmpty, "hasPassword": !(password ?? "").isEmpty,
                "refreshTokenIssuedAt": refreshTokenIssuedAt as Any, "accessTokenExpiresAt": accessTokenExpiresAt as Any,
            ],
            displayStyle: .struct)
    }
}
