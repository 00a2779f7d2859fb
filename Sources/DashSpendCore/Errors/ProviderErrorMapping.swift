#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The error rules CTX and PiggyCards share word for word: the region refusal, 401/403, 409, 5xx and the
/// out-of-stock message. Each provider's mapper handles its own statuses (400, 404, 422) first or after.
public enum ProviderErrorMapping {
    /// The region refusal both providers send as a body (JSON or plain text).
    public static let regionMessage = "Client Transactions Not Allowed For This Region"

    /// What the shared rules make of `response`, or nil when the provider's own rules decide.
    ///
    /// - The region message anywhere in the body → ``DashSpendError/regionNotAllowed``.
    /// - 401/403 → ``DashSpendError/unauthorized(_:)`` for calls made with a stored session; during a
    ///   sign-in (`signIn`) → ``DashSpendError/wrongCode`` when the call checks a one-time code
    ///   (`verifiesCode`), else ``DashSpendError/rejected(_:)``: nothing "expired".
    /// - 409 → ``DashSpendError/rejected(_:)``.
    /// - 429 → ``DashSpendError/rateLimited(_:retryAfterSeconds:)`` with the `Retry-After` delay from `now`.
    /// - `Gift card <n> is out of stock` (in a JSON message or the plain-text body) at any status →
    ///   ``DashSpendError/outOfStock(_:)``, as the Android wallet reads it (iOS turns a 400 into "invalid
    ///   amount", which hides it); 5xx otherwise → ``DashSpendError/serverError(status:message:)``.
    public static func sharedError(
        for response: HTTPResponse, body: ProviderErrorBody, provider: GiftCardProvider, signIn: Bool,
        verifiesCode: Bool, now: Date = Date()
    ) -> DashSpendError? {
        let message = body.summary(fallback: "HTTP \(response.status)")
        if body.mentions(regionMessage) { return .regionNotAllowed }
        if let stock = outOfStockMessage(in: body) { return .outOfStock(stock) }
        switch response.status {
        case 401, 403:
            if verifiesCode { return .wrongCode }
            return signIn ? .rejected(message) : .unauthorized(provider)
        case 409:
            return .rejected(message)
        case 429:
            return .rateLimited(provider, retryAfterSeconds: RetryAfter.seconds(response.headers["retry-after"], now: now))
        case 500...599:
            return .serverError(status: response.status, message: message)
        default:
            return nil
        }
    }

    /// The `Gift card <n> is out of stock` message of `body`: a JSON message, else the trimmed plain text.
    public static func outOfStockMessage(in body: ProviderErrorBody) -> String? {
        if let message = body.messages.first(where: isOutOfStockMessage) { return message }
        let text = body.rawText.trimmedWhitespace
        return isOutOfStockMessage(text) ? text : nil
    }

    /// `Gift card <n> is out of stock`, trimmed, any case.
    public static func isOutOfStockMessage(_ message: String) -> Bool {
        let text = message.trimmedWhitespace.lowercased()
        return text.hasPrefix("gift card ") && text.hasSuffix(" is out of stock")
    }
}
