import DashSpend

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `merchant-lookup orders`: the orders kept in the state database for the network, newest first. Reads
/// only the state database.
enum OrdersCommand: CLICommand {
    static let words = ["orders"]
    static let usage = "merchant-lookup orders [--network NAME] [--json]"
    static let summary = "the gift-card orders kept for this network"
    static let options: [OptionSpec] = []
    static let maximumOperands = 0

    static func run(_ invocation: Invocation) async throws(CLIError) -> String {
        let client = try invocation.client()
        let orders = try await invocation.perform { () throws in try client.orders() }
        if invocation.json {
            return JSONDocument.object([("orders", .array(orders.map { OrderOutput.json($0, reveal: false) }))])
                .serialized() + "\n"
        }
        if orders.isEmpty { return "No orders on \(invocation.network.rawValue).\n" }
        let rows = orders.map { order in
            [
                order.provider.displayName, order.merchantName.isEmpty ? "-" : order.merchantName,
                OrderOutput.money(order.amount, order.currency), order.status.rawValue,
                order.createdAt.formatted(.iso8601), OrderOutput.age(of: order.createdAt), order.id,
            ]
        }
        return OutputFormat.table(["PROVIDER", "MERCHANT", "AMOUNT", "STATUS", "CREATED", "AGE", "ID"], rows)
    }
}
