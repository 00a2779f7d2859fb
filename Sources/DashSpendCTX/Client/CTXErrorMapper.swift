import DashSpendCore

/// Maps a CTX non-2xx response to a ``DashSpendError``, following the wallets' rules; the rules shared with
/// PiggyCards (region, 401/403, 409, 5xx, out of stock) live in ``ProviderErrorMapping``.
enum CTXErrorMapper {
    /// The purchase-limit messages in `fields.fiatAmount`.
    static let limitMessages: Set<String> = ["above threshold", "below threshold"]

    static func error(for response: HTTPResponse, call: CTXCall) -> DashSpendError {
        let body = ProviderErrorBody(response.body)
        let message = body.summary(fallback: "HTTP \(response.status)")
        let signIn = call == .login || call == .verifyEmail
        if let shared = ProviderErrorMapping.sharedError(
            for: response, body: body, provider: .ctx, signIn: signIn, verifiesCode: call == .verifyEmail)
        {
            return shared
        }
        switch response.status {
        case 400:
            if call == .verifyEmail { return .wrongCode }
            if let limit = body.fields["fiatAmount"]?.first?.trimmedWhitespace.lowercased(), limitMessages.contains(limit) {
                return .purchaseLimitsChanged(limit)
            }
            return .rejected(message)
        case 404:
            if case .merchant(let id) = call { return .unknownMerchant(id) }
            if case .giftCard(let reference) = call { return .rejected("CTX does not know gift card \(reference)") }
            return .rejected(message)
        case 422:
            if call == .verifyEmail { return .wrongCode }
            if call == .login { return .rejected(message) }
            return .invalidAmount(message)
        default:
            return .rejected(message)
        }
    }
}
