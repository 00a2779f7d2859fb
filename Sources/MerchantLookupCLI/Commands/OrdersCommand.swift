import DashSpend
import DashSpendCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `merchant-lookup orders`: the orders kept in the orders database for the network, newest first, and the
/// damaged files with orders in them that were set aside (once listed here, the other commands stop saying
/// so). Reads only the orders database. `--csv` prints the accounting export instead (``OrderCSVOutput``), and
/// `--watch` follows every open order instead (``OrdersWatch``).
enum OrdersCommand: CLICommand {
    static let words = ["orders"]
    static let usage =
        "merchant-lookup orders [--network NAME] [--json | --csv]\n"
        + "       merchant-lookup orders --watch [--json] [--exec CMD] [--until-time SECONDS] [--poll-interval SECONDS]"
    static let summary = "the gift-card orders kept for this network"
    static let options: [OptionSpec] = [
        OrdersOptions.csv.spec, OrdersOptions.watch.spec, OrdersOptions.exec.spec, OrdersOptions.untilTime.spec,
        OrdersOptions.pollInterval.spec,
    ]
    static let maximumOperands = 0

    /// Online, the orders are opened for writing (an interrupted buy settled, set-aside files acknowledged);
    /// `--offline` only reads.
    static func ordersAccess(_ arguments: ParsedArguments) -> DashSpendConfiguration.OrdersAccess {
        arguments[GlobalOptions.offline] ? .readOnly : .readWrite
    }

    static func run(_ invocation: Invocation) async throws(CLIError) -> String {
        let csv = invocation[OrdersOptions.csv]
        if csv && invocation.json { throw .usage("orders prints --json or --csv, not both") }
        let watch = invocation[OrdersOptions.watch]
        if !watch {
            for option in [OrdersOptions.exec.spec, OrdersOptions.untilTime.spec, OrdersOptions.pollInterval.spec]
            where invocation.isGiven(option) {
                throw .usage("orders \(option.name) goes with --watch")
            }
        }
        if watch && csv { throw .usage("orders --watch prints changes, not --csv") }
        if watch && invocation.offline { throw .usage("orders --watch asks the providers: drop --offline") }
        let client = try invocation.client()
        if watch { return try await OrdersWatch.run(invocation, client: client) }
        if csv {
            // The accounting export: rows only (the set-aside files stay for the next plain `orders`).
            let rows = try await invocation.perform { () throws in try client.orderExport() }
            return OrderCSVOutput.csv(rows)
        }
        let orders = try await invocation.perform { () throws in try client.orders() }
        let setAside = try await invocation.perform { () throws in try client.setAsideOrderFiles() }
        // Shown here from now on: no longer said on every command (`--offline` only reads, and says them again).
        if !invocation.offline { try? client.acknowledgeSetAsideOrderFiles() }
        if invocation.json {
            var members: [(String, JSONDocument)] = [("orders", .array(orders.map { OrderOutput.json($0, reveal: false) }))]
            if !setAside.isEmpty { members.append(("setAside", .array(setAside.map(OrderOutput.json)))) }
            return JSONDocument.object(members).serialized() + "\n"
        }
        var text = ""
        if orders.isEmpty {
            text = "No orders on \(invocation.network.rawValue).\n"
        } else {
            // The paying transaction's column only when an order has one recorded.
            let paid = orders.contains { $0.transactionId != nil }
            let rows = orders.map { order in
                [
                    order.providerName, order.merchantName.isEmpty ? "-" : order.merchantName,
                    OrderOutput.money(order.amount, order.currency)
                        + (order.cardCount > 1 ? " (\(order.cardCount) cards)" : ""),
                    order.status.rawValue
                        + (order.isPartiallyDelivered ? " (\(order.cards.count) of \(order.cardCount) cards)" : ""),
                    UTCTimestamp.extended(order.createdAt), OrderOutput.age(of: order.createdAt), order.id,
                ] + (paid ? [OrderOutput.shortTransaction(order)] : [])
            }
            text = OutputFormat.table(
                ["PROVIDER", "MERCHANT", "AMOUNT", "STATUS", "CREATED", "AGE", "ID"] + (paid ? ["TRANSACTION"] : []), rows)
        }
        let missing = Set(orders.compactMap(OrderOutput.notInThisBuild)).sorted()
        for line in missing { text += "\(line): its orders are shown as kept, and cannot be asked about.\n" }
        for file in setAside { text += "Set aside: \(file.description).\n" }
        return text
    }
}
