/// One place a merchant (or an ATM) can be found.
public struct MerchantLocation: Sendable, Hashable {
    /// The row id.
    public let id: Int
    /// The name on this row.
    public let name: String
    /// Address lines joined with ", ".
    public let address: String
    /// The city.
    public let city: String?
    /// The US state (or other territory).
    public let territory: String?
    /// Latitude in degrees.
    public let latitude: Double?
    /// Longitude in degrees.
    public let longitude: Double?
    /// The distance from the search point, when one was given.
    public let distanceKm: Double?
    /// The place's phone number as the file writes it (`phone`), blank as nil.
    public let phone: String?
    /// The place's directions link (`googleMaps`, a map URL), blank as nil.
    public let googleMaps: String?
}
