public import DashSpendCore

/// What to search for. Every filter is optional; the default finds every merchant, by name, 100 at a time.
public struct MerchantSearch: Sendable, Hashable {
    /// Name search: phrase-prefix through FTS4 where the file has `merchant_fts`, `LIKE` otherwise; and, since
    /// neither folds accents, any name with a word starting with the text once both are folded
    /// (`NameMatching.folded(_:)`: `cafe` finds `Café Rio`). Quotes, `%`, `_` and apostrophes match literally.
    public var text: String?
    /// Only merchants with exactly this name, accents and case folded (`cafe rio` is `Café Rio`).
    public var exactName: String?
    /// Only merchants sold through this provider.
    public var provider: GiftCardProvider?
    /// Only these merchant types (empty: all).
    public var types: Set<MerchantType>
    /// Only this payment method.
    public var paymentMethod: PaymentMethod?
    /// Only this denominations type (per provider when ``provider`` is set, as Android does).
    public var denominations: DenominationsType?
    /// Only this territory (US state), case-insensitively.
    public var territory: String?
    /// Only locations within ``radiusKm`` of this point.
    public var near: GeoPoint?
    /// The radius around ``near``, in kilometres (the apps' presets: 2, 8, 32, 80).
    public var radiusKm: Double
    /// The order.
    public var sort: MerchantSort
    /// Page size.
    public var limit: Int
    /// Rows to skip.
    public var offset: Int
    /// Show merchants redeemed through a URL, which both wallets hide.
    public var includeURLRedeem: Bool

    /// The longest ``text`` or ``exactName`` a search takes, in characters: longer than any merchant's name
    /// (the wallets' file has none over 100). The front door refuses a longer one at once, before any work.
    public static let maximumNameLength = 200

    /// Creates a search.
    public init(
        text: String? = nil, exactName: String? = nil, provider: GiftCardProvider? = nil, types: Set<MerchantType> = [],
        paymentMethod: PaymentMethod? = nil, denominations: DenominationsType? = nil, territory: String? = nil,
        near: GeoPoint? = nil, radiusKm: Double = 32, sort: MerchantSort = .name, limit: Int = 100,
        offset: Int = 0, includeURLRedeem: Bool = false
    ) {
        self.text = text
        self.exactName = exactName
        self.provider = provider
        self.types = types
        self.paymentMethod = paymentMethod
        self.denominations = denominations
        self.territory = territory
        self.near = near
        self.radiusKm = radiusKm
        self.sort = sort
        self.limit = limit
        self.offset = offset
        self.includeURLRedeem = includeURLRedeem
    }
}
