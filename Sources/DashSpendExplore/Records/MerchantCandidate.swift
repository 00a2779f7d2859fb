public import DashSpendCore

/// One merchant a name matches, or may have meant (a "did you mean" of `show` or of a search that found nothing).
public struct MerchantCandidate: Sendable, Hashable {
    /// Its merchant id.
    public let merchantId: String
    /// Its name.
    public let name: String
    /// Online, physical or both.
    public let type: MerchantType

    /// Creates a candidate.
    public init(merchantId: String, name: String, type: MerchantType) {
        self.merchantId = merchantId
        self.name = name
        self.type = type
    }
}
