import DashSpendCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A point on Earth in degrees.
public struct GeoPoint: Sendable, Hashable {
    /// Latitude, -90...90.
    public let latitude: Double
    /// Longitude, -180...180.
    public let longitude: Double

    /// The mean Earth radius (IUGG), in kilometres.
    public static let earthRadiusKm = 6371.0088

    /// Creates a point; nil when a coordinate is out of range or not finite.
    public init?(latitude: Double, longitude: Double) {
        guard latitude.isFinite, longitude.isFinite, (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Parses `LAT,LON` (spaces allowed).
    public init?(parsing text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let lat = Double(parts[0].trimmedWhitespace), let lon = Double(parts[1].trimmedWhitespace)
        else { return nil }
        self.init(latitude: lat, longitude: lon)
    }

    /// The great-circle distance to `other` in kilometres (haversine).
    public func distanceKm(to other: GeoPoint) -> Double {
        let radians = Double.pi / 180
        let dLat = (other.latitude - latitude) * radians
        let dLon = (other.longitude - longitude) * radians
        let a =
            sin(dLat / 2) * sin(dLat / 2)
            + cos(latitude * radians) * cos(other.latitude * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * Self.earthRadiusKm * asin(min(1, a.squareRoot()))
    }

    /// The factor that turns a longitude difference into a distance at this latitude (cos φ), so SQL can
    /// rank by an equirectangular distance with plain arithmetic (no math functions needed in SQLite).
    var longitudeScale: Double { cos(latitude * Double.pi / 180) }
}
