/// Which CTX endpoint a response came from; error mapping depends on it.
enum CTXCall: Sendable, Hashable {
    /// POST `login`.
    case login
    /// POST `verify-email`.
    case verifyEmail
    /// POST `refresh-token`.
    case refreshToken
    /// GET `merchants/{id}`.
    case merchant(id: String)
    /// POST `gift-cards`.
    case purchase
    /// GET `gift-cards/{id}` or `gift-cards?txid=`.
    case giftCard(reference: String)
}
