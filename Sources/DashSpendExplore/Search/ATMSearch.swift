/// What to search for among ATMs.
public struct ATMSearch: Sendable, Hashable {
    /// Phrase-prefix on name and manufacturer (FTS4 where `atm_fts` exists, `LIKE` otherwise).
    public var text: String?
    /// Only ATMs within ``radiusKm`` of this point, nearest first.
    public var near: GeoPoint?
    /// The radius around ``near``, in kilometres.
    public var radiusKm: Double
    /// Only ATMs that serve this (``ATMKind/includes(_:)``: a `Buy and Sell` ATM serves buyers and sellers).
    public var kind: ATMKind?
    /// Only ATMs in this territory (a US state's name, any case), as merchants are filtered.
    public var territory: String?
    /// Page size.
    public var limit: Int
    /// Rows to skip.
    public var offset: Int

    /// Creates a search.
    public init(
        text: String? = nil, near: GeoPoint? = nil, radiusKm: Double = 32, kind: ATMKind? = nil, territory: String? = nil,
        limit: Int = 100, offset: Int = 0
    ) {
        self.text = text
        self.near = near
        self.radiusKm = radiusKm
        self.kind = kind
        self.territory = territory
        self.limit = limit
        self.offset = offset
    }
}
