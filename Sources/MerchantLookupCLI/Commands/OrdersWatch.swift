import DashSpend
import DashSpendCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `merchant-lookup orders --watch`: every open order followed at once (``DashSpendClient/watchOrders(polling:)``),
/// each change printed on its own line as it comes (``OrderChangeOutput``), `--exec CMD` run for each card
/// that arrives, until no order is left open (0) or `--until-time` seconds have passed (75, like `order --wait`
/// at its time-out).
enum OrdersWatch {
    /// How the watch ended.
    private enum Outcome: Sendable {
        case finished, timeUp
        case failed(CLIError)
    }

    static func run(_ invocation: Invocation, client: DashSpendClient) async throws(CLIError) -> String {
        let polling = OrderPolling(initial: invocation[OrdersOptions.pollInterval] ?? 2)
        let limit = invocation[OrdersOptions.untilTime]
        let standardError = invocation.standardError
        let command = invocation[OrdersOptions.exec].map {
            ShellCommand(command: $0, environment: invocation.environment) { standardError.write($0) }
        }
        let open = try await invocation.perform { () throws in try client.orders().filter(\.isOpen) }
        if open.isEmpty {
            let line = "No open orders on \(invocation.network.rawValue): nothing to watch.\n"
            if !invocation.json { return line }
            if !invocation.quiet { invocation.standardError.write("merchant-lookup: " + line) }
            return ""
        }
        if !invocation.quiet {
            invocation.standardError.write(
                "merchant-lookup: watching \(open.count) open order\(open.count == 1 ? "" : "s")"
                    + (limit.map { " for at most \(OutputFormat.amount(Decimal($0))) s" } ?? "") + "\n")
        }
        let changes = try await invocation.perform { () throws in try client.watchOrders(polling: polling) }
        let output = invocation.output
        let json = invocation.json
        let quiet = invocation.quiet
        let network = invocation.network
        let origin = invocation.stateDirectoryOrigin
        let outcome: Outcome = await withTaskGroup(of: Outcome?.self) { group in
            if let limit {
                group.addTask {
                    // Cancelled (the watch ended first): no time-up, the nil says so.
                    guard (try? await Task.sleep(seconds: limit)) != nil else { return nil }
                    return .timeUp
                }
            }
            group.addTask {
                for await change in changes {
                    // Said as the one error table says it for this command line.
                    let failure = change.failure.map {
                        CLIError($0, network: network, offlineHelps: true, stateDirectory: origin)
                    }
                    do throws(CLIError) {
                        try output.write(
                            json
                                ? OrderChangeOutput.json(change, failure: failure)
                                : OrderChangeOutput.text(change, failure: failure))
                    } catch {
                        return .failed(error)
                    }
                    guard change.cardsArrived, let command else { continue }
                    let problem = command.run(adding: [
                        "DASHSPEND_ORDER_ID": change.order.id, "DASHSPEND_ORDER_STATUS": change.order.status.rawValue,
                    ])
                    if let problem, !quiet {
                        standardError.write(
                            TerminalText.sanitized(
                                "merchant-lookup: --exec for order \(change.order.id): \(problem)", keepingNewlines: false)
                                + "\n")
                    }
                }
                return .finished
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? .finished
        }
        switch outcome {
        case .finished:
            return ""
        case .failed(let error):
            throw error
        case .timeUp:
            // Only the count in the message: when the orders cannot be read now, the count at the start is said.
            let left = (try? client.orders().filter(\.isOpen).count) ?? open.count
            throw CLIError(
                "\(left) order\(left == 1 ? " is" : "s are") still open after \(OutputFormat.amount(Decimal(limit ?? 0))) s",
                code: .tryAgainLater, hint: "run `merchant-lookup orders --watch` again, or raise --until-time",
                name: "stillOpen")
        }
    }
}
