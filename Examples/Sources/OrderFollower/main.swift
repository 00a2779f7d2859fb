import DashSpend
import DashSpendSample
import Foundation

// Usage: OrderFollower [--from EXPLORE_FILE] [--merchant NAME_OR_ID] [--order ORDER_ID] [--minutes N]
//
// 1. Syncs the explore database from a file (the wallets' encrypted ZIP, or a plain explore database), when
//    --from is given; until then the sample from DashSpendSample answers.
// 2. Resolves a merchant (default: Home Depot) from what is stored and local, without asking a provider.
// 3. Follows an order with `orderStates(id:)`, an AsyncStream of DataState<Order>: the one given with
//    --order, else the newest order kept in the state directory, for at most N minutes (default 2). Placing
//    an order (`quote`, then `placeOrder`) needs a provider account, so with none kept it says so and stops.
//
// The state directory is $DASHSPEND_HOME, else a folder in the temporary directory.

/// The value after `name` on the command line, if any.
func option(_ name: String) -> String? {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

/// One line for a state of the order.
func describe(_ state: DataState<Order>) -> String {
    switch state {
    case .idle:
        return "idle"
    case .loading(let previous):
        return "asking the provider" + (previous.map { " (kept: \($0.status.rawValue))" } ?? "")
    case .loaded(let order, let source, _):
        var line = "order \(order.id): \(order.status.rawValue) (\(source))"
        if order.status == .unpaid, let uri = order.paymentURI { line += ", pay with \(uri)" }
        if !order.cards.isEmpty { line += ", \(order.cards.count) card(s) delivered" }
        return line
    case .failed(let failure, _):
        return "failed: \(failure.message)"
    }
}

let home = ProcessInfo.processInfo.environment["DASHSPEND_HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
let stateDirectory = home ?? FileManager.default.temporaryDirectory.appendingPathComponent("dashspend-orders")
let client = try DashSpendClient(
    configuration: DashSpendConfiguration(stateDirectory: stateDirectory, database: .installed(fallback: .sample)))

// 1. Sync from a file.
if let file = option("--from") {
    let report = try await client.sync(.file(URL(fileURLWithPath: file)))
    print(report.updated ? "installed \(report.path)" : "\(report.path) is up to date")
}
print("explore database: \(try client.databaseInfo().origin)")

// 2. A merchant, from stored and local data only.
let name = option("--merchant") ?? "Home Depot"
let merchant = try await client.merchant(name, policy: .cacheOnly)
for offer in merchant.offers {
    print(
        "\(merchant.merchant.name) at \(offer.provider.displayName): enabled \(offer.enabled.value),",
        "discount \(offer.discountBasisPoints.value) bp (\(offer.discountBasisPoints.source))")
}

// 3. Follow an order.
guard let orderId = try option("--order") ?? client.orders().first?.id else {
    print("no order is kept in \(stateDirectory.path): placing one (quote, placeOrder) needs a provider account")
    exit(0)
}
let minutes = option("--minutes").flatMap(Double.init) ?? 2
let follower = Task {
    for await state in client.orderStates(id: orderId) { print(describe(state)) }
}
let timer = Task {
    try await Task.sleep(nanoseconds: UInt64(minutes * 60 * 1_000_000_000))
    follower.cancel()
    print("stopped following after \(minutes) minutes")
}
await follower.value
timer.cancel()
