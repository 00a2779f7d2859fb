#if PIGGYCARDS_ENABLED
/// Which PiggyCards endpoint a response came from; error mapping depends on it.
enum PiggyCardsCall: Sendable, Hashable {
    /// POST `signup`.
    case signup
    /// POST `verify-otp`.
    case verifyOTP
    /// POST `login`.
    case login
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
