import DashSpend
import DashSpendSample
import Foundation

// One client for the app (see the README's example); until a sync installs the wallets' database, the sample.
let stateDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("dashspend-searching")
let configuration = DashSpendConfiguration(stateDirectory: stateDirectory, database: .installed(fallback: .sample))
let client = try DashSpendClient(configuration: configuration)

// By name: matched as the wallets match it, then word by word in any order ("depot home" is Home Depot).
let byName = try client.search(MerchantSearch(text: "depot home"))
for merchant in byName.merchants {
    print(merchant.name, merchant.merchantId, merchant.providers.map(\.displayName))
}

// Nothing matched: the closest names, for a "did you mean".
let miss = try client.search(MerchantSearch(text: "starbuks"))
if miss.total == 0, !miss.suggestions.isEmpty {
    print("did you mean", miss.suggestions.map(\.name).joined(separator: " or "))
}

// Nearby: within 8 km of a point, nearest first, five at a time (`offset` pages on; `total` counts them all).
if let austin = GeoPoint(latitude: 30.2672, longitude: -97.7431) {
    let nearby = try client.search(MerchantSearch(near: austin, radiusKm: 8, sort: .distance, limit: 5))
    print(nearby.total, "merchants within 8 km")
    for merchant in nearby.merchants {
        print(merchant.name, merchant.distanceKm.map { "\(Int($0.rounded())) km" } ?? "?")
    }
}

// With offers: every merchant of the page resolved, each value with its source. `.cacheOnly` answers from
// stored answers and the database without the network (the command line's `--offline`).
let page = try await client.search(MerchantSearch(text: "home", limit: 10), policy: .cacheOnly)
for row in page.rows {
    guard let merchant = row.resolved else { continue }
    for offer in merchant.offers {
        print(merchant.merchant.name, offer.provider.displayName, offer.discountBasisPoints.value, offer.denominations.source)
    }
}
