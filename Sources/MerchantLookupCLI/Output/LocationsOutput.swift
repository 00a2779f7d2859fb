import DashSpend

/// How a location is written in text and JSON.
enum LocationsOutput {
    /// `address, city, territory`, skipping blanks.
    static func address(_ location: MerchantLocation) -> String {
        [location.address, location.city ?? "", location.territory ?? ""].filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// The JSON members of a location.
    static func members(_ location: MerchantLocation) -> [(String, JSONDocument)] {
        var members: [(String, JSONDocument)] = [
            ("name", .string(location.name)),
            ("address", .string(location.address)),
            ("city", location.city.map(JSONDocument.string) ?? .null),
            ("territory", location.territory.map(JSONDocument.string) ?? .null),
            ("latitude", location.latitude.map(JSONDocument.double) ?? .null),
            ("longitude", location.longitude.map(JSONDocument.double) ?? .null),
            ("phone", location.phone.map(JSONDocument.string) ?? .null),
            ("googleMaps", location.googleMaps.map(JSONDocument.string) ?? .null),
        ]
        if let distance = location.distanceKm { members.append(("distanceKm", .double(distance))) }
        return members
    }
}
