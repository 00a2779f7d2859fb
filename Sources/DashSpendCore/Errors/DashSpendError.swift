/// Everything that can go wrong talking to a provider, as cases a caller can act on, each with a one-line
/// message that says what happened. Messages never contain a token, password or one-time code, and never
/// name a command-line option: what to do is the caller's to say.
public enum DashSpendError: Error, Sendable, Hashable {
    /// The one-time code was wrong or has expired.
    case wrongCode
    /// The provider needs a sign-in that this state directory does not have.
    case signInRequired(GiftCardProvider)
    /// The provider rejected the stored session; sign in again.
    case unauthorized(GiftCardProvider)
    /// The provider does not know this merchant.
    case unknownMerchant(String)
    /// The amount is outside the limits the provider now applies.
    case purchaseLimitsChanged(String)
    /// The card is out of stock.
    case outOfStock(String)
    /// The provider does not sell to this region.
    case regionNotAllowed
    /// The amount is not one the card can be bought for.
    case invalidAmount(String)
    /// The provider refused the request.
    case rejected(String)
    /// The provider failed (5xx).
    case serverError(status: Int, message: String)
    /// The provider could not be reached: no connection, a reset, a time-out.
    case network(String)
    /// The provider answered something this build cannot read.
    case unreadableAnswer(String)
    /// The provider is limiting requests (HTTP 429); `retryAfterSeconds` is how long it asked to wait
    /// (its `Retry-After`, in seconds or as an HTTP date), nil when it did not say.
    case rateLimited(GiftCardProvider, retryAfterSeconds: Int?)
    /// The provider did not answer within the time-out.
    case timedOut(GiftCardProvider?)
}

extension DashSpendError: CustomStringConvertible {
    /// A one-line message that says what happened.
    public var description: String {
        switch self {
        case .wrongCode:
            return "the code is wrong or has expired"
        case .signInRequired(let provider):
            return "not signed in to \(provider.displayName)"
        case .unauthorized(let provider):
            return "\(provider.displayName) refused the stored session (expired or signed out elsewhere)"
        case .unknownMerchant(let id):
            return "the provider does not know merchant \(id)"
        case .purchaseLimitsChanged(let detail):
            return "the provider's purchase limits have changed (\(detail))"
        case .outOfStock(let detail):
            return "out of stock: \(detail)"
        case .regionNotAllowed:
            return "the provider does not sell gift cards in your region"
        case .invalidAmount(let detail):
            return "invalid amount: \(detail)"
        case .rejected(let detail):
            return "the provider rejected the request: \(detail)"
        case .serverError(let status, let message):
            return "the provider failed (HTTP \(status))\(message.isEmpty ? "" : ": \(message)")"
        case .network(let detail):
            return "network unavailable: \(detail)"
        case .unreadableAnswer(let detail):
            return "the provider's answer could not be read: \(detail)"
        case .rateLimited(let provider, let seconds):
            return "\(provider.displayName) is limiting requests (HTTP 429): "
                + (seconds.map { "try again in \(RetryAfter.spoken(seconds: $0))" } ?? "try again later")
        case .timedOut(let provider):
            return "\(provider?.displayName ?? "the provider") did not answer in time; try again later"
        }
    }
}
