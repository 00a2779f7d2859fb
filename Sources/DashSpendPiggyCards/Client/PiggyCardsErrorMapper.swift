#if PIGGYCARDS_ENABLED
import DashSpendCore

/// Maps a PiggyCards non-2xx response to a ``DashSpendError``.
enum PiggyCardsErrorMapper {
    static func error(for response: HTTPResponse, call: PiggyCardsCall) -> DashSpendError {
        let body = ProviderErrorBody(response.body)
        let message = body.summary(fallback: "HTTP \(response.status)")
        if body.mentions("Client Transactions Not Allowed For This Region") { return .regionNotAllowed }
        switch response.status {
        case 400, 422:
            if mentionsInvalidCode(body) { return .wrongCode }
            return response.status == 422 ? .invalidAmount(message) : .rejected(message)
        case 401, 403:
            return .unauthorized(.piggyCards)
        case 404:
            if case .giftCards(let brandId) = call { return .unknownMerchant(brandId) }
            if case .orderStatus(let orderId) = call { return .rejected("PiggyCards does not know order \(orderId)") }
            return .rejected(message)
        case 409:
            return .rejected(message)
        case 500 where body.messages.contains(where: isOutOfStockMessage):
            return .outOfStock(body.messages.first(where: isOutOfStockMessage) ?? message)
        case 500...599:
            return .serverError(status: response.status, message: message)
        default:
            return .rejected(message)
        }
    }

    /// "invalid ... verification code" in any message, any case.
    private static func mentionsInvalidCode(_ body: ProviderErrorBody) -> Bool {
        (body.messages + [body.rawText]).contains { text in
            let lowered = text.lowercased()
            guard let invalid = lowered.firstRange(of: "invalid") else { return false }
            return lowered[invalid.upperBound...].contains("verification code")
        }
    }

    /// `Gift card <n> is out of stock`.
    private static func isOutOfStockMessage(_ message: String) -> Bool {
        let text = message.trimmedWhitespace.lowercased()
        return text.hasPrefix("gift card ") && text.hasSuffix(" is out of stock")
    }
}
#endif
