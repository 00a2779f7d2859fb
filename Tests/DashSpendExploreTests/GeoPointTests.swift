import DashSpendExplore
import Testing

@Suite("Distances match known city pairs; coordinates parse or are rejected")
struct GeoPointTests {
    @Test(
        "Haversine against known city distances",
        arguments: [
            // (from, to, kilometres, tolerance)
            ((40.7128, -74.0060), (34.0522, -118.2437), 3936.0, 5.0),  // New York – Los Angeles
            ((51.5074, -0.1278), (48.8566, 2.3522), 343.6, 1.0),  // London – Paris
            ((30.2672, -97.7431), (29.7604, -95.3698), 235.0, 2.0),  // Austin – Houston
            ((-33.8688, 151.2093), (-37.8136, 144.9631), 713.4, 2.0),  // Sydney – Melbourne
        ])
    func knownDistances(from: (Double, Double), to: (Double, Double), kilometres: Double, tolerance: Double) throws {
        let a = try #require(GeoPoint(latitude: from.0, longitude: from.1))
        let b = try #require(GeoPoint(latitude: to.0, longitude: to.1))
        #expect(abs(a.distanceKm(to: b) - kilometres) < tolerance)
        #expect(abs(a.distanceKm(to: b) - b.distanceKm(to: a)) < 1e-9)
        #expect(a.distanceKm(to: a) == 0)
    }

    @Test("Parsing LAT,LON and rejecting nonsense")
    func parsing() {
        #expect(GeoPoint(parsing: "30.2672,-97.7431") == GeoPoint(latitude: 30.2672, longitude: -97.7431))
        #expect(GeoPoint(parsing: " 30.2672 , -97.7431 ") != nil)
        #expect(GeoPoint(parsing: "91,0") == nil)
        #expect(GeoPoint(parsing: "0,181") == nil)
        #expect(GeoPoint(parsing: "nan,0") == nil)
        #expect(GeoPoint(parsing: "30.2") == nil)
        #expect(GeoPoint(parsing: "a,b") == nil)
    }
}
