import DashSpendCore

/// SELECT lists built from the columns a file really has: a missing column is selected as `NULL AS name`,
/// so every version is read by the same row accessors, by name, never by position.
struct ExploreColumns {
    /// The `merchant` columns the library reads.
    static let merchant = [
        "merchantId", "name", "type", "paymentMethod", "active", "savingsPercentage", "denominationsType",
        "redeemType", "website", "source", "sourceId", "logoLocation", "phone", "googleMaps",
    ]
    /// The location columns of `merchant` and `atm`.
    static let location = [
        "id", "name", "address1", "address2", "address3", "address4", "city", "territory", "latitude", "longitude",
        "phone", "googleMaps",
    ]

    /// `alias."column" AS "column"` for each of `wanted`, or `NULL AS "column"` when the table lacks it.
    static func select(_ wanted: [String], from available: Set<String>, alias: String) -> String {
        wanted.map { available.contains($0) ? "\(alias).\"\($0)\" AS \"\($0)\"" : "NULL AS \"\($0)\"" }
            .joinedText(separator: ", ")
    }
}
