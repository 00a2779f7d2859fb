import DashSpendCore
import DashSpendExplore
import DashSpendTestSupport
import Foundation
import Testing

/// The phone, directions link (`googleMaps`) and logo (`logoLocation`) the explore file has for a merchant
/// and for each of its places, read from every schema version, and from a file whose `merchant` table lacks
/// those columns.
@Suite("Merchant and place contact details: phone, directions, logo")
struct ContactDetailsTests {
    let directory: ScratchDirectory

    init() throws { directory = try ScratchDirectory() }

    /// An online row with the merchant's own contact and two places with theirs; a Dash merchant with one
    /// place; another with two places and no online row. Only columns every version has.
    static let rows = """
        INSERT INTO merchant (id, merchantId, name, type, paymentMethod, phone, googleMaps, logoLocation,
            address1, city, territory, latitude, longitude)
        VALUES
            (1, '11', 'Corner Hardware', 'both', 'gift card', ' (800) 555-0100 ', NULL, 'https://logos.example/11.png',
                NULL, NULL, '', NULL, NULL),
            (2, '11', 'Corner Hardware', 'both', 'gift card', '(512) 555-0110', 'https://maps.example/?q=austin',
                'https://logos.example/11.png', '1 Congress Ave', 'Austin', 'Texas', 30.2672, -97.7431),
            (3, '11', 'Corner Hardware', 'both', 'gift card', '', 'https://maps.example/?q=chicago',
                'https://logos.example/11.png', '2 State St', 'Chicago', 'Illinois', 41.8781, -87.6298),
            (4, '22', 'One Place Cafe', 'physical', 'dash', '(512) 555-0122', 'https://maps.example/?q=cafe', '  ',
                '3 Lamar Blvd', 'Austin', 'Texas', 30.2700, -97.7500),
            (5, '33', 'Two Place Books', 'physical', 'dash', '(512) 555-0133', 'https://maps.example/?q=books-1', NULL,
                '4 Guadalupe St', 'Austin', 'Texas', 30.2800, -97.7400),
            (6, '33', 'Two Place Books', 'physical', 'dash', '(303) 555-0133', 'https://maps.example/?q=books-2', NULL,
                '5 Larimer St', 'Denver', 'Colorado', 39.7500, -104.9900);
        """

    /// Whether merchant `id` of `database` was found; the record when it was.
    func record(_ id: String, in database: ExploreDatabase) throws -> MerchantRecord? {
        guard case .found(let merchant) = try database.merchant(id: id) else { return nil }
        return merchant.merchant
    }

    @Test("Every schema version: the online row's contact, one place's, none for several places", arguments: 1...4)
    func everyVersion(_ version: Int) throws {
        let path = try FixtureDatabase.make(version: version, rows: Self.rows, named: "v\(version).db", in: directory)
        let database = try ExploreDatabase(path: path)

        let hardware = try #require(try record("11", in: database))
        #expect(hardware.phone == "(800) 555-0100", "the online row's, trimmed")
        #expect(hardware.googleMaps == nil, "the online row has none: not a place's")
        #expect(hardware.logoLocation == "https://logos.example/11.png")

        let cafe = try #require(try record("22", in: database))
        #expect(cafe.phone == "(512) 555-0122", "its one place's")
        #expect(cafe.googleMaps == "https://maps.example/?q=cafe")
        #expect(cafe.logoLocation == nil, "blank is nil")

        let books = try #require(try record("33", in: database))
        #expect(books.phone == nil && books.googleMaps == nil, "several places, no online row: each has its own")

        let places = try database.locations(merchantId: "11")
        #expect(places.map(\.phone) == ["(512) 555-0110", nil], "by city: Austin, then Chicago (blank phone nil)")
        #expect(places.map(\.googleMaps) == ["https://maps.example/?q=austin", "https://maps.example/?q=chicago"])
    }

    @Test("With a point, places come nearest first with their distance, phone and directions")
    func nearestFirst() throws {
        let database = try ExploreDatabase(
            path: try FixtureDatabase.make(version: 4, rows: Self.rows, named: "near.db", in: directory))
        let chicago = try #require(GeoPoint(latitude: 41.88, longitude: -87.63))
        let places = try database.locations(merchantId: "33", near: chicago)
        #expect(places.map(\.city) == ["Denver", "Austin"])
        #expect(places.map(\.phone) == ["(303) 555-0133", "(512) 555-0133"])
        #expect(places.map(\.googleMaps) == ["https://maps.example/?q=books-2", "https://maps.example/?q=books-1"])
        let distances = places.compactMap(\.distanceKm)
        #expect(distances.count == 2 && distances[0] < distances[1])
    }

    @Test("A merchant table without phone, googleMaps and logoLocation reads them as nil")
    func columnsMissing() throws {
        let rows = """
            DROP TABLE merchant;
            CREATE TABLE merchant (id INTEGER PRIMARY KEY, merchantId TEXT, name TEXT, type TEXT, paymentMethod TEXT,
                address1 TEXT, city TEXT, territory TEXT, latitude REAL, longitude REAL);
            INSERT INTO merchant VALUES (1, '44', 'Bare Shop', 'physical', 'dash', '6 Main St', 'Austin', 'Texas',
                30.27, -97.74);
            """
        let database = try ExploreDatabase(
            path: try FixtureDatabase.make(version: 1, rows: rows, named: "bare.db", in: directory))
        let bare = try #require(try record("44", in: database))
        #expect(bare.phone == nil && bare.googleMaps == nil && bare.logoLocation == nil)
        let places = try database.locations(merchantId: "44", near: GeoPoint(latitude: 30, longitude: -97))
        #expect(places.count == 1)
        #expect(places.first?.phone == nil && places.first?.googleMaps == nil)
    }
}
