/// What to search for among ATMs.
public struct ATMSearch: Sendable, Hashable {
    /// Phrase-prefix on name and manufacturer (FTS4 where `atm_fts` exists, `LIKE` otherwise).
    public var text: String?
    /// Only ATMs within ``radiusKm`` of this point, nearest first.
    public var near: GeoPoint?
    /// The radius around ``near``, in kilometres.
    public var radiusKm: Double
    /// Page size.
    public var limit: Int
    /// Rows to skip.
    public var offset: Int

    /// Creates a search.
    public init(text: String? = nil, near: GeoPoint? = nil, radiusKm: Double = 32, limit: Int = 100, offset: Int = 0) {
        self.text = text
        self.near = near
        self.radiusKm = radiusKm
        self.limit = limit
        self.offset = offset
    }
}
