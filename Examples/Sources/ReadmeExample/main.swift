import DashSpend
import DashSpendSample
import Foundation

// Where the library keeps credentials, stored answers and the synced database (an app: Application Support).
let stateDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("dashspend-readme")
// Until a sync installs the wallets' explore database, the sample compiled into DashSpendSample answers.
let configuration = DashSpendConfiguration(stateDirectory: stateDirectory, database: .installed(fallback: .sample))
let client = try DashSpendClient(configuration: configuration)
do {
    let merchant = try await client.merchant("Home Depot")  // an id or an exact name
    for offer in merchant.offers {
        print(offer.provider.displayName, offer.discountBasisPoints.value, offer.discountBasisPoints.source)
    }
} catch let failure as DashSpendFailure where failure.kind == .ambiguous {
    print(failure.candidates.map(\.merchantId))  // several merchants have that name
}
