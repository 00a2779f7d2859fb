#if PIGGYCARDS_ENABLED
import DashSpendCore

/// Maps a PiggyCards non-2xx response to a ``DashSpendError``; the rules shared with CTX (region, 401/403,
/// 409, 5xx, out of stock) live in ``ProviderErrorMapping``.
enum PiggyCardsErrorMapper {
    static func error(for response: HTTPResponse, call: PiggyCardsCall) -> DashSpendError {
        let body = ProviderErrorBody(response.body)
        let message = body.summary(fallback: "HTTP \(response.status)")
        let signIn = call == .signup || call == .verifyOTP || call == .login
        if let shared = ProviderErrorMapping.sharedError(
            for: response, body: body, provider: .piggyCards, signIn: signIn, verifiesCode: call == .verifyOTP)
        {
            return shared
        }
        switch response.status {
        case 400, 422:
            if mentionsInvalidCode(body) { return .wrongCode }
            if response.status == 422 {
                if call == .verifyOTP { return .wrongCode }
                if signIn { return .rejected(message) }
                return .invalidAmount(message)
            }
            return .rejected(message)
        case 404:
            if case .giftCards(let brandId) = call { return .unknownMerchant(brandId) }
            if case .orderStatus(let orderId) = call { return .rejected("PiggyCards does not know order \(orderId)") }
            return .rejected(message)
        default:
            return .rejected(message)
        }
    }

    /// "invalid ... verification code" in any message, any case.
    private static func mentionsInvalidCode(_ body: ProviderErrorBody) -> Bool {
        (body.messages + [body.rawText]).contains { text in
            let lowered = text.lowercased()
            guard let invalid = lowered.firstOccurrence(of: "invalid") else { return false }
            return lowered[invalid.upperBound...].containsText("verification code")
        }
    }
}
#endif
