/// The SQL of a "within R km of a point" filter on a table with `latitude` and `longitude`.
///
/// A bounding box the latitude/longitude indexes can serve, then an equirectangular distance in degrees²
/// (plain arithmetic, so no math functions are needed in SQLite; within 0.1 % of the great-circle distance
/// at these radii). The exact distance shown to users is computed in Swift with the haversine formula.
struct GeoFilterSQL {
    /// Conditions to AND into the WHERE clause.
    let conditions: [String]
    /// Their bound values, in order.
    let arguments: [SQLiteValue]
    /// The squared-degrees distance expression, for ordering and `MIN()`.
    let distanceExpression: String

    /// Kilometres per degree of latitude.
    static let kmPerDegree = GeoPoint.earthRadiusKm * Double.pi / 180

    init(near point: GeoPoint, radiusKm: Double, alias: String) {
        let radiusDegrees = max(radiusKm, 0) / Self.kmPerDegree
        let scale = max(point.longitudeScale, 1e-6)
        let lat = "\(alias).latitude", lon = "\(alias).longitude"
        distanceExpression =
            "((\(lat) - \(point.latitude)) * (\(lat) - \(point.latitude)) + "
            + "(\(lon) - \(point.longitude)) * (\(lon) - \(point.longitude)) * \(scale * scale))"
        conditions = [
            "\(lat) BETWEEN ? AND ? AND \(lon) BETWEEN ? AND ?",
            "\(distanceExpression) <= \(radiusDegrees * radiusDegrees)",
        ]
        arguments = [
            .real(point.latitude - radiusDegrees), .real(point.latitude + radiusDegrees),
            .real(point.longitude - radiusDegrees / scale), .real(point.longitude + radiusDegrees / scale),
        ]
    }
}
