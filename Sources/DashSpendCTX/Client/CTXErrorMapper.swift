import DashSpendCore

/// Maps a CTX non-2xx response to a ``DashSpendError``, following the wallets' rules.
enum CTXErrorMapper {
    /// The region refusal CTX sends as a body.
    static let regionMessage = "Client Transactions Not Allowed For This Region"
    /// The purchase-limit messages in `fields.fiatAmount`.
    static let limitMessages: Set<String> = ["above threshold", "below threshold"]

    static func error(for response: HTTPResponse, call: CTXCall) -> DashSpendError {
        let body = ProviderErrorBody(response.body)
        let message = body.summary(fallback: "HTTP \(response.status)")
        if body.mentions(regionMessage) { return .regionNotAllowed }
        switch response.status {
        case 400:
            if call == .verifyEmail { return .wrongCode }
            if let limit = body.fields["fiatAmount"]?.first?.trimmedWhitespace.lowercased(), limitMessages.contains(limit) {
                return .purchaseLimitsChanged(limit)
            }
            return .rejected(message)
        case 401, 403:
            return .unauthorized(.ctx)
        case 404:
            if case .merchant(let id) = call { return .unknownMerchant(id) }
            if case .giftCard(let reference) = call { return .rejected("CTX does not know gift card \(reference)") }
            return .rejected(message)
        case 409:
            return .rejected(message)
        case 422:
            return .invalidAmount(message)
        case 500 where isOutOfStock(body):
            return .outOfStock(body.messages.first(where: isOutOfStockMessage) ?? message)
        case 500...599:
            return .serverError(status: response.status, message: message)
        default:
            return .rejected(message)
        }
    }

    private static func isOutOfStock(_ body: ProviderErrorBody) -> Bool {
        body.messages.contains(where: isOutOfStockMessage)
    }

    /// `Gift card <n> is out of stock`.
    static func isOutOfStockMessage(_ message: String) -> Bool {
        let text = message.trimmedWhitespace.lowercased()
        return text.hasPrefix("gift card ") && text.hasSuffix(" is out of stock")
    }
}
