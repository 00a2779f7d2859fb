#if PIGGYCARDS_ENABLED
/// Which PiggyCards endpoint a response came from; error mapping depends on it.
enum PiggyCardsCall: Sendable, Hashable {
    /// POST `signup`.
    case signup
    /// POST `verify-otp`.
    case verifyOTP
    /// POST `login` while signing in (after `verify-otp`).
    case login
    /// POST `login` to renew the token with the stored password.
    case relogin
    /// GET `giftcards/{country}?brandId=`.
    case giftCards(brandId: String)
    /// GET `brands/{country}`.
    case brands
    /// POST `orders`.
    case createOrder
    /// GET `orders/{id}`.
    case orderStatus(orderId: String)
    /// GET `exchange-rate?currency=`.
    case exchangeRate
}
#endif
