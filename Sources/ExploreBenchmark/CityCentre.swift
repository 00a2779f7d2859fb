/// A US city centre around which the generator scatters physical merchant locations, weighted by size.
struct CityCentre: Sendable {
    /// The city name.
    let name: String
    /// The state name (`merchant.territory` holds full state names).
    let state: String
    /// Latitude of the centre in degrees.
    let latitude: Double
    /// Longitude of the centre in degrees.
    let longitude: Double
    /// Relative share of locations (roughly the metro population in millions).
    let weight: Double

    /// Fifty US cities.
    static let all: [CityCentre] = [
        .init(name: "New York", state: "New York", latitude: 40.7128, longitude: -74.0060, weight: 19.5),
        .init(name: "Los Angeles", state: "California", latitude: 34.0522, longitude: -118.2437, weight: 13.0),
        .init(name: "Chicago", state: "Illinois", latitude: 41.8781, longitude: -87.6298, weight: 9.4),
        .init(name: "Dallas", state: "Texas", latitude: 32.7767, longitude: -96.7970, weight: 7.6),
        .init(name: "Houston", state: "Texas", latitude: 29.7604, longitude: -95.3698, weight: 7.1),
        .init(name: "Washington", state: "District of Columbia", latitude: 38.9072, longitude: -77.0369, weight: 6.3),
        .init(name: "Philadelphia", state: "Pennsylvania", latitude: 39.9526, longitude: -75.1652, weight: 6.2),
        .init(name: "Miami", state: "Florida", latitude: 25.7617, longitude: -80.1918, weight: 6.1),
        .init(name: "Atlanta", state: "Georgia", latitude: 33.7490, longitude: -84.3880, weight: 6.1),
        .init(name: "Boston", state: "Massachusetts", latitude: 42.3601, longitude: -71.0589, weight: 4.9),
        .init(name: "Phoenix", state: "Arizona", latitude: 33.4484, longitude: -112.0740, weight: 4.8),
        .init(name: "San Francisco", state: "California", latitude: 37.7749, longitude: -122.4194, weight: 4.7),
        .init(name: "Riverside", state: "California", latitude: 33.9533, longitude: -117.3962, weight: 4.6),
        .init(name: "Detroit", state: "Michigan", latitude: 42.3314, longitude: -83.0458, weight: 4.4),
        .init(name: "Seattle", state: "Washington", latitude: 47.6062, longitude: -122.3321, weight: 4.0),
        .init(name: "Minneapolis", state: "Minnesota", latitude: 44.9778, longitude: -93.2650, weight: 3.7),
        .init(name: "San Diego", state: "California", latitude: 32.7157, longitude: -117.1611, weight: 3.3),
        .init(name: "Tampa", state: "Florida", latitude: 27.9506, longitude: -82.4572, weight: 3.2),
        .init(name: "Denver", state: "Colorado", latitude: 39.7392, longitude: -104.9903, weight: 3.0),
        .init(name: "Baltimore", state: "Maryland", latitude: 39.2904, longitude: -76.6122, weight: 2.8),
        .init(name: "St. Louis", state: "Missouri", latitude: 38.6270, longitude: -90.1994, weight: 2.8),
        .init(name: "Orlando", state: "Florida", latitude: 28.5383, longitude: -81.3792, weight: 2.7),
        .init(name: "Charlotte", state: "North Carolina", latitude: 35.2271, longitude: -80.8431, weight: 2.7),
        .init(name: "San Antonio", state: "Texas", latitude: 29.4241, longitude: -98.4936, weight: 2.6),
        .init(name: "Portland", state: "Oregon", latitude: 45.5152, longitude: -122.6784, weight: 2.5),
        .init(name: "Sacramento", state: "California", latitude: 38.5816, longitude: -121.4944, weight: 2.4),
        .init(name: "Pittsburgh", state: "Pennsylvania", latitude: 40.4406, longitude: -79.9959, weight: 2.4),
        .init(name: "Austin", state: "Texas", latitude: 30.2672, longitude: -97.7431, weight: 2.4),
        .init(name: "Las Vegas", state: "Nevada", latitude: 36.1699, longitude: -115.1398, weight: 2.3),
        .init(name: "Cincinnati", state: "Ohio", latitude: 39.1031, longitude: -84.5120, weight: 2.3),
        .init(name: "Kansas City", state: "Missouri", latitude: 39.0997, longitude: -94.5786, weight: 2.2),
        .init(name: "Columbus", state: "Ohio", latitude: 39.9612, longitude: -82.9988, weight: 2.1),
        .init(name: "Indianapolis", state: "Indiana", latitude: 39.7684, longitude: -86.1581, weight: 2.1),
        .init(name: "Cleveland", state: "Ohio", latitude: 41.4993, longitude: -81.6944, weight: 2.1),
        .init(name: "San Jose", state: "California", latitude: 37.3382, longitude: -121.8863, weight: 2.0),
        .init(name: "Nashville", state: "Tennessee", latitude: 36.1627, longitude: -86.7816, weight: 2.0),
        .init(name: "Virginia Beach", state: "Virginia", latitude: 36.8529, longitude: -75.9780, weight: 1.8),
        .init(name: "Providence", state: "Rhode Island", latitude: 41.8240, longitude: -71.4128, weight: 1.7),
        .init(name: "Jacksonville", state: "Florida", latitude: 30.3322, longitude: -81.6557, weight: 1.6),
        .init(name: "Milwaukee", state: "Wisconsin", latitude: 43.0389, longitude: -87.9065, weight: 1.6),
        .init(name: "Raleigh", state: "North Carolina", latitude: 35.7796, longitude: -78.6382, weight: 1.4),
        .init(name: "Oklahoma City", state: "Oklahoma", latitude: 35.4676, longitude: -97.5164, weight: 1.4),
        .init(name: "Memphis", state: "Tennessee", latitude: 35.1495, longitude: -90.0490, weight: 1.3),
        .init(name: "Richmond", state: "Virginia", latitude: 37.5407, longitude: -77.4360, weight: 1.3),
        .init(name: "Louisville", state: "Kentucky", latitude: 38.2527, longitude: -85.7585, weight: 1.3),
        .init(name: "New Orleans", state: "Louisiana", latitude: 29.9511, longitude: -90.0715, weight: 1.3),
        .init(name: "Salt Lake City", state: "Utah", latitude: 40.7608, longitude: -111.8910, weight: 1.3),
        .init(name: "Hartford", state: "Connecticut", latitude: 41.7658, longitude: -72.6734, weight: 1.2),
        .init(name: "Buffalo", state: "New York", latitude: 42.8864, longitude: -78.8784, weight: 1.1),
        .init(name: "Birmingham", state: "Alabama", latitude: 33.5186, longitude: -86.8104, weight: 1.1),
    ]
}
