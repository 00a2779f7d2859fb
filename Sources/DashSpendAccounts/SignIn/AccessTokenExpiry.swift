import DashSpendCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// When a stored access token expires: the stored expiry (PiggyCards' `expires_in`), else the `exp`
/// claim when the token is a JWT (CTX), else unknown. Only the date leaves this type. A date after the
/// year 9999 (`exp` of 1e15, say) is no expiry at all: nil, never an unreadable timestamp.
enum AccessTokenExpiry {
    /// 9999-12-31T23:59:59Z, the last instant an ISO 8601 date has four digits for.
    package static let latest = Date(timeIntervalSince1970: 253_402_300_799)

    package static func date(of credentials: ProviderCredentials) -> Date? {
        let date = credentials.accessTokenExpiresAt ?? credentials.accessToken.flatMap(jwtExpiry)
        guard let date, date <= latest else { return nil }
        return date
    }

    /// The `exp` claim (seconds since 1970) of a `header.payload.signature` token, or nil.
    package static func jwtExpiry(_ token: String) -> Date? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var base64 = String(parts[1].map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
        while base64.count % 4 != 0 { base64 += "=" }
        // A token whose payload is not JSON has no expiry to read: none is shown, and the provider says if it still works.
        guard let payload = Data(base64Encoded: base64), let json = try? JSONValue.parse(payload),
            let seconds = json["exp"]?.int, seconds > 0
        else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
