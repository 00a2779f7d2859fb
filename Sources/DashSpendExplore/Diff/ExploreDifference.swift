public import DashSpendCore

/// What changed between two explore databases, as a user of the merchant list sees it: merchants added and
/// removed, discounts that changed, and offers switched on or off.
///
/// Merchants are matched by `merchantId`; offers by merchant and provider. An offer's discount and whether it
/// is switched on are read as the local step of the resolution reads them (``ProviderRecord`` first, then the
/// merchant row; switched on when neither says otherwise), so the difference is the one `show` would show
/// without a provider's live answer. An offer that appears on a merchant both files have counts as switched on,
/// one that disappears as switched off. Providers this build does not include are left out, as everywhere.
public struct ExploreDifference: Sendable, Hashable {
    /// A merchant named in the difference.
    public struct Merchant: Sendable, Hashable {
        /// Its `merchantId`, as stored in the newer file (the older one where it was removed).
        public let merchantId: String
        /// Its name.
        public let name: String

        /// Creates a merchant entry.
        public init(merchantId: String, name: String) {
            self.merchantId = merchantId
            self.name = name
        }
    }

    /// An offer whose discount changed.
    public struct DiscountChange: Sendable, Hashable {
        /// The merchant.
        public let merchant: Merchant
        /// The provider of the offer.
        public let provider: GiftCardProvider
        /// The discount before, in basis points (nil: none stored).
        public let oldBasisPoints: Int?
        /// The discount now, in basis points (nil: none stored).
        public let newBasisPoints: Int?

        /// Creates a discount change.
        public init(merchant: Merchant, provider: GiftCardProvider, oldBasisPoints: Int?, newBasisPoints: Int?) {
            self.merchant = merchant
            self.provider = provider
            self.oldBasisPoints = oldBasisPoints
            self.newBasisPoints = newBasisPoints
        }
    }

    /// An offer switched on or off.
    public struct OfferSwitch: Sendable, Hashable {
        /// The merchant.
        public let merchant: Merchant
        /// The provider of the offer.
        public let provider: GiftCardProvider

        /// Creates an entry.
        public init(merchant: Merchant, provider: GiftCardProvider) {
            self.merchant = merchant
            self.provider = provider
        }
    }

    /// Merchants only the newer file has, by name.
    public let added: [Merchant]
    /// Merchants only the older file has, by name.
    public let removed: [Merchant]
    /// Offers of merchants both files have whose discount changed, by merchant name and provider.
    public let discountChanges: [DiscountChange]
    /// Offers switched on (or new on a merchant both files have), by merchant name and provider.
    public let switchedOn: [OfferSwitch]
    /// Offers switched off (or gone from a merchant both files have), by merchant name and provider.
    public let switchedOff: [OfferSwitch]

    /// Whether nothing changed.
    public var isEmpty: Bool {
        added.isEmpty && removed.isEmpty && discountChanges.isEmpty && switchedOn.isEmpty && switchedOff.isEmpty
    }

    /// Creates a difference from its parts, each sorted as the properties say.
    public init(
        added: [Merchant], removed: [Merchant], discountChanges: [DiscountChange], switchedOn: [OfferSwitch],
        switchedOff: [OfferSwitch]
    ) {
        self.added = added.sorted(by: Self.byName)
        self.removed = removed.sorted(by: Self.byName)
        self.discountChanges = discountChanges.sorted { Self.byName($0.merchant, $1.merchant, $0.provider, $1.provider) }
        self.switchedOn = switchedOn.sorted { Self.byName($0.merchant, $1.merchant, $0.provider, $1.provider) }
        self.switchedOff = switchedOff.sorted { Self.byName($0.merchant, $1.merchant, $0.provider, $1.provider) }
    }

    /// Compares two files, reading each table of each once.
    ///
    /// - Throws: ``ExploreDatabaseError`` when either cannot be read.
    public init(old: ExploreDatabase, new: ExploreDatabase) throws {
        self.init(old: try old.allMerchants(), new: try new.allMerchants())
    }

    /// Compares two files' merchants, as ``ExploreDatabase/allMerchants()`` reads them.
    package init(old: [(id: String, result: MerchantLookupResult)], new: [(id: String, result: MerchantLookupResult)]) {
        let before = Self.merchants(old)
        let after = Self.merchants(new)
        var added: [Merchant] = []
        var removed: [Merchant] = []
        var discounts: [DiscountChange] = []
        var on: [OfferSwitch] = []
        var off: [OfferSwitch] = []
        for (id, merchant) in after where before[id] == nil {
            added.append(Merchant(merchantId: id, name: merchant.merchant.name))
        }
        for (id, merchant) in before where after[id] == nil {
            removed.append(Merchant(merchantId: id, name: merchant.merchant.name))
        }
        for (id, now) in after {
            guard let then = before[id] else { continue }
            let entry = Merchant(merchantId: id, name: now.merchant.name)
            let oldOffers = Self.offers(then)
            let newOffers = Self.offers(now)
            for provider in Set(oldOffers.keys).union(newOffers.keys) {
                switch (oldOffers[provider], newOffers[provider]) {
                case let (was?, isNow?):
                    if was.basisPoints != isNow.basisPoints {
                        discounts.append(
                            DiscountChange(
                                merchant: entry, provider: provider, oldBasisPoints: was.basisPoints,
                                newBasisPoints: isNow.basisPoints))
                    }
                    if was.enabled != isNow.enabled {
                        if isNow.enabled {
                            on.append(OfferSwitch(merchant: entry, provider: provider))
                        } else {
                            off.append(OfferSwitch(merchant: entry, provider: provider))
                        }
                    }
                case (nil, let isNow?) where isNow.enabled:
                    on.append(OfferSwitch(merchant: entry, provider: provider))
                case (let was?, nil) where was.enabled:
                    off.append(OfferSwitch(merchant: entry, provider: provider))
                default:
                    break
                }
            }
        }
        self.init(added: added, removed: removed, discountChanges: discounts, switchedOn: on, switchedOff: off)
    }

    /// The merchants found (one sold only by providers this build lacks is not a merchant here).
    private static func merchants(_ results: [(id: String, result: MerchantLookupResult)]) -> [String: ExploreMerchant] {
        var merchants: [String: ExploreMerchant] = [:]
        for (id, result) in results {
            if case .found(let merchant) = result, merchants[id] == nil { merchants[id] = merchant }
        }
        return merchants
    }

    /// A merchant's offers by provider (the first row of a provider, as the resolution takes it): the discount
    /// and whether it is switched on, as the local step of the resolution reads them.
    private static func offers(_ merchant: ExploreMerchant) -> [GiftCardProvider: (basisPoints: Int?, enabled: Bool)] {
        var offers: [GiftCardProvider: (basisPoints: Int?, enabled: Bool)] = [:]
        for offer in merchant.providers where offers[offer.provider] == nil {
            offers[offer.provider] = (
                offer.savingsPercentage ?? merchant.merchant.savingsPercentage,
                offer.active ?? merchant.merchant.active ?? true
            )
        }
        return offers
    }

    private static func byName(_ a: Merchant, _ b: Merchant) -> Bool {
        let (left, right) = (a.name.lowercased(), b.name.lowercased())
        return left != right ? left < right : a.merchantId < b.merchantId
    }

    private static func byName(_ a: Merchant, _ b: Merchant, _ p: GiftCardProvider, _ q: GiftCardProvider) -> Bool {
        a == b ? p.rawValue < q.rawValue : byName(a, b)
    }
}
