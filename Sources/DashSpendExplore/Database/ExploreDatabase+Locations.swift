import DashSpendCore
import DashSpendSQLite

extension ExploreDatabase {
    /// The places of merchant `merchantId` that have coordinates: nearest first when `near` is given,
    /// else by city and address.
    public func locations(merchantId: String, near: GeoPoint? = nil, limit: Int = 1000) throws(ExploreDatabaseError)
        -> [MerchantLocation]
    {
        let columns = ExploreColumns.select(ExploreColumns.location, from: schema.merchantColumns, alias: "m")
        let sql = """
            SELECT \(columns) FROM merchant m WHERE m.merchantId = ?1 AND m.latitude IS NOT NULL \
            AND m.longitude IS NOT NULL ORDER BY m.city COLLATE NOCASE, m.address1 COLLATE NOCASE, m.rowid
            """
        var places = try read { db in
            try db.fetchAll(sql, [.text(merchantId)]) { MerchantLocation(row: $0, near: near) }
        }
        if near != nil {
            places.sort { ($0.distanceKm ?? .infinity, $0.id) < ($1.distanceKm ?? .infinity, $1.id) }
        }
        return Array(places.prefix(max(limit, 0)))
    }
}

extension MerchantLocation {
    init(row: SQLiteRow, near: GeoPoint?) {
        let lines = ["address1", "address2", "address3", "address4"].compactMap { row.text($0)?.trimmedWhitespace }
        let point = row.double("latitude").flatMap { lat in
            row.double("longitude").flatMap { GeoPoint(latitude: lat, longitude: $0) }
        }
        self.init(
            id: row.integer("id") ?? 0,
            name: row.text("name") ?? "",
            address: lines.filter { !$0.isEmpty }.joined(separator: ", "),
            city: row.text("city")?.trimmedWhitespace,
            territory: row.text("territory")?.trimmedWhitespace,
            latitude: point?.latitude,
            longitude: point?.longitude,
            distanceKm: near.flatMap { origin in point.map { origin.distanceKm(to: $0) } },
            phone: MerchantRecord.nonBlank(row.text("phone")),
            googleMaps: MerchantRecord.nonBlank(row.text("googleMaps"))
        )
    }
}
