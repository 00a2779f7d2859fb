import DashSpendSQLite

/// The SQL of a "within R km of a point" filter on a table with `latitude` and `longitude`.
///
/// A bounding box the latitude/longitude indexes can serve, then an equirectangular distance in degrees²
/// (plain arithmetic, so no math functions are needed in SQLite). Against the great-circle distance it is
/// within about 0.1 % for the apps' presets at US latitudes and under 1 % at 80 km up to 70° of latitude;
/// the distance shown to users is the haversine one, computed in Swift. The box does not wrap at ±180°
/// (no explore data lies near the antimeridian). The numbers are written into the SQL: they are Doubles
/// the library computed, never text from the user.
struct GeoFilterSQL {
    /// Conditions to AND into the WHERE clause.
    let conditions: [String]
    /// Their bound values, in order.
    let arguments: [SQLiteValue]
    /// The squared-degrees distance expression, for ordering and `MIN()`.
    let distanceExpression: String

    /// Kilometres per degree of latitude.
    static let kmPerDegree = GeoPoint.earthRadiusKm * Double.pi / 180

    /// Half the Earth's circumference: no radius needs to be larger.
    static let maximumRadiusKm = GeoPoint.earthRadiusKm * Double.pi

    init(near point: GeoPoint, radiusKm: Double, alias: String) {
        // A radius that is not a number counts as 0, one beyond half the Earth as the whole Earth.
        let radius = radiusKm.isNaN ? 0 : min(max(radiusKm, 0), Self.maximumRadiusKm)
        let radiusDegrees = radius / Self.kmPerDegree
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
