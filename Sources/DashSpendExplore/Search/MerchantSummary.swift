public import DashSpendCore

/// One merchant in a page of search results.
public struct MerchantSummary: Sendable, Hashable {
    /// The logical merchant key.
    public let merchantId: String
    /// The name.
    public let name: String
    /// Online, physical or both.
    public let type: MerchantType
    /// Dash or gift card.
    public let paymentMethod: PaymentMethod
    /// The discount shown in lists: the best offer among this build's providers (or the chosen one), else
    /// the merchant row's, else 0. Basis points.
    public let discountBasisPoints: Int
    /// The providers that sell it, in the file's order (database names: `CTX`, `PiggyCards`).
    public let providers: [GiftCardProvider]
    /// With a search point: the distance to the nearest matching location.
    public let distanceKm: Double?
    /// The number of matching locations with coordinates.
    public let locationCount: Int?
    /// The rowids of the matching `merchant` rows: what ``ExploreDatabase/merchants(rowids:merchantIds:)`` reads
    /// without scanning a file that has no `merchantId` index.
    package var rowids: [Int64] = []
}
