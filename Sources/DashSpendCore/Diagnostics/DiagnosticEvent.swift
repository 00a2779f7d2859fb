/// One thing the library did, for a ``DiagnosticsSink``.
public struct DiagnosticEvent: Sendable, Hashable, CustomStringConvertible {
    /// What kind of thing happened.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// An HTTP request was answered (or failed).
        case request
        /// A stored answer was used.
        case cacheHit
        /// No stored answer was found.
        case cacheMiss
        /// A stored answer could not be read or written; nothing else failed because of it.
        case cacheFailure
        /// A provider session was refreshed or renewed.
        case refresh
        /// Anything else worth a line.
        case note
    }

    /// What kind of thing happened.
    public let kind: Kind
    /// The provider concerned, if any.
    public let provider: GiftCardProvider?
    /// One line; never a secret.
    public let message: String
    /// How long it took, in seconds, when timed.
    public let seconds: Double?

    /// Creates an event.
    public init(_ kind: Kind, _ message: String, provider: GiftCardProvider? = nil, seconds: Double? = nil) {
        self.kind = kind
        self.message = message
        self.provider = provider
        self.seconds = seconds
    }

    /// `[request] CTX: GET https://spend.ctx.com/merchants/ID → 200 (12 ms)`.
    public var description: String {
        let who = provider.map { "\($0.displayName): " } ?? ""
        let time = seconds.map { " (\(Int(($0 * 1000).rounded())) ms)" } ?? ""
        return "[\(kind.rawValue)] \(who)\(message)\(time)"
    }
}
