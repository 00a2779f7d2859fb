import DashSpend
import DashSpendCore
import DashSpendLocking

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `merchant-lookup order ID [--wait] [--reveal]`, `order ID --record-txid TXID` (the transaction that paid it,
/// recorded once, nothing asked) and `order --txid TXID`: one order with its status asked
/// from the provider (and its card, once delivered; a fulfilled order with its card kept is shown without
/// asking). `order ID --offline` shows the order as kept, asking nothing. `--wait` asks again, 2 s doubling to 30 s, until the
/// order is fulfilled or rejected or `--wait-timeout` seconds (default 30 min) have passed; `--timeout` stays each
/// request's time-out. `--reveal` draws each delivered card's barcode after the order, and `--barcode FILE`
/// (with `--reveal`) writes it as a PNG or SVG file. `--support` prints instead the library's report for the
/// provider's support (``SupportReportOutput``), never a card's code.
enum OrderCommand: CLICommand {
    static let words = ["order"]
    static let usage =
        "merchant-lookup order ORDER_ID [--wait [--wait-timeout SECONDS] [--poll-interval SECONDS] | --offline]"
        + " [--reveal [--barcode FILE] | --support]\n"
        + "       merchant-lookup order ORDER_ID --record-txid TXID\n"
        + "       merchant-lookup order --txid TXID"
    static let summary = "one order: its status from the provider, and the card once delivered"
    static let options = [
        OrderOptions.wait.spec, OrderOptions.waitTimeout.spec, OrderOptions.pollInterval.spec, OrderOptions.reveal.spec,
        OrderOptions.transactionId.spec, OrderOptions.barcode.spec, OrderOptions.support.spec,
        OrderOptions.recordTransaction.spec,
    ]
    static let maximumOperands = 1

    /// Online, the order is refreshed and saved; `--record-txid` records the payment (offline too): for
    /// writing. `--offline` alone only reads.
    static func ordersAccess(_ arguments: ParsedArguments) -> DashSpendConfiguration.OrdersAccess {
        arguments[GlobalOptions.offline] && arguments[OrderOptions.recordTransaction] == nil ? .readOnly : .readWrite
    }

    static func run(_ invocation: Invocation) async throws(CLIError) -> String {
        let reveal = invocation[OrderOptions.reveal]
        let barcodeFile = invocation[OrderOptions.barcode]
        if barcodeFile != nil && !reveal {
            throw .usage("order --barcode writes the card number as a barcode: add --reveal to write it")
        }
        let support = invocation[OrderOptions.support]
        if support && reveal {
            throw .usage("order --support never shows the card's codes: drop --reveal")
        }
        let client = try invocation.client()
        let id = invocation.operands(after: words.count).first
        let order: Order
        if let recorded = invocation[OrderOptions.recordTransaction] {
            // Recorded in the orders database, nothing asked (offline too): the order shown as kept.
            if invocation[OrderOptions.transactionId] != nil {
                throw .usage("order --record-txid records for ORDER_ID; --txid finds an order: not both")
            }
            if invocation[OrderOptions.wait] { throw .usage("order --record-txid asks nothing: drop --wait") }
            guard let id, !id.isEmpty else {
                throw .usage("order --record-txid needs an ORDER_ID (see `merchant-lookup orders`)")
            }
            order = try await invocation.perform { () throws in
                try client.recordPayment(orderId: id, transactionId: recorded)
            }
        } else if invocation.offline {
            // Offline: the order as the state database keeps it (a delivered card included), nothing asked.
            if invocation[OrderOptions.transactionId] != nil {
                throw .usage("order --txid asks CTX: drop --offline")
            }
            if invocation[OrderOptions.wait] { throw .usage("order --wait asks the provider: drop --offline") }
            guard let id, !id.isEmpty else { throw .usage("order needs an ORDER_ID (see `merchant-lookup orders`)") }
            order = try await invocation.perform { () async throws in try client.storedOrder(id: id) }
        } else if let txid = invocation[OrderOptions.transactionId] {
            if id != nil { throw .usage("order takes an ORDER_ID or --txid, not both") }
            order = try await invocation.perform { () async throws in
                try await client.order(transactionId: txid)
            }
        } else {
            guard let id, !id.isEmpty else { throw .usage("order needs an ORDER_ID (see `merchant-lookup orders`) or --txid") }
            if invocation[OrderOptions.wait] {
                // An order not kept, or an orders database that cannot be used, is said once, before the wait.
                let kept = try await invocation.perform { () async throws in try client.storedOrder(id: id) }
                order = try await wait(for: kept, client: client, invocation: invocation)
            } else {
                order = try await invocation.perform { () async throws in try await client.order(id: id) }
            }
        }
        // A refused provider answer, a provider this build leaves out: said on stderr, the order shown as kept.
        if !invocation.quiet {
            for line in order.notes { invocation.standardError.writeLine(line) }
        }
        if support {
            let report = client.supportReport(for: order)
            return invocation.json
                ? JSONDocument.object([("supportReport", SupportReportOutput.json(report))]).serialized() + "\n"
                : SupportReportOutput.text(report)
        }
        let written = try barcodeFile.map { (path) throws(CLIError) in try BarcodeOutput.write(order, to: path) } ?? ""
        if invocation.json {
            return JSONDocument.object([("order", OrderOutput.json(order, reveal: reveal))]).serialized() + "\n"
        }
        return OrderOutput.text(order, reveal: reveal, colours: invocation.coloursOnOutput)
            + BarcodeOutput.text(order, reveal: reveal, colours: invocation.coloursOnOutput) + written
    }

    /// How long `--wait` follows an order without `--wait-timeout`: paying and delivery take minutes.
    static let defaultWaitTimeout: Double = 1800

    /// What `--wait` saw so far: the latest order, the failure of the latest ask (nil once an answer came
    /// after it), and whether the provider answered at all.
    private final class Progress: Sendable {
        let seen = Locked<(order: Order?, failure: DashSpendFailure?, answered: Bool)>((nil, nil, false))
    }

    /// Follows the order until it is final (or has no provider id to ask with, or the provider's status is a
    /// word DashSpend does not know, or the provider is not in this build), or the time is up: 75 while
    /// the provider answers (the order is still unpaid or paid), the provider's own failure (69 when it is
    /// down, 75 for a 429, ...) when it never answered during the wait or its latest ask failed otherwise.
    /// Shows the wait on stderr (an ``OrderWaitView``: a line redrawn on a terminal, else a line per status).
    private static func wait(for kept: Order, client: DashSpendClient, invocation: Invocation) async throws(CLIError) -> Order {
        let id = kept.id
        let polling = OrderPolling(initial: invocation[OrderOptions.pollInterval] ?? 2)
        let seconds = invocation[OrderOptions.waitTimeout] ?? defaultWaitTimeout
        let standardError = invocation.standardError
        let style: OrderWaitView.Style =
            invocation.json || invocation.quiet ? .silent : standardError.isTerminal ? .redrawing : .lines
        let view = OrderWaitView(style: style, orderId: id, status: kept.status, output: standardError.write)
        let clock = MonotonicClock()
        let start = clock.now
        let elapsed: @Sendable () -> Double = { (clock.now - start).seconds }
        let progress = Progress()
        let states = client.orderStates(id: id, polling: polling)
        view.start()
        let finished: Order? = await withTaskGroup(of: Order?.self) { group in
            group.addTask {
                // Cancelled when the order finished first: its nil then comes after the order's answer, and means nothing.
                try? await Task.sleep(seconds: seconds)
                return nil
            }
            if style == .redrawing {
                group.addTask {
                    // The time waited, redrawn once a second until the wait ends (the group cancels it).
                    while (try? await Task.sleep(seconds: 1)) != nil { view.tick(elapsed: elapsed()) }
                    return nil
                }
            }
            group.addTask {
                for await state in states {
                    switch state {
                    case .loaded(let order, _, _):
                        progress.seen.withLock {
                            $0.order = order
                            $0.failure = nil
                            $0.answered = true
                        }
                        view.answered(order.status, elapsed: elapsed())
                        if order.status.isFinal || order.status == .unknown || order.providerOrderId == nil
                            || order.provider == nil
                        {
                            return order
                        }
                    case .failed(let failure, let previous):
                        progress.seen.withLock {
                            $0.failure = failure
                            if let previous { $0.order = previous }
                        }
                        view.failed(failure.message, elapsed: elapsed())
                    default:
                        break
                    }
                }
                return nil
            }
            // The first child to end: the wait's own, or the time-out (the ticker ends only when cancelled).
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        view.finish(elapsed: elapsed())
        if let finished { return finished }
        let (latest, failure, answered) = progress.seen.withLock { ($0.order, $0.failure, $0.answered) }
        // An ask that failed after the provider answered during the wait (a passing 503) is not the outcome:
        // the order is still waiting. A provider that never answered, or a failure that is not the provider
        // being down, is.
        if let failure, !answered || failure.kind != .unavailable {
            throw invocation.error(failure)
        }
        throw CLIError(
            "order \(id) is still \(latest?.status.rawValue ?? "unknown") after \(OutputFormat.amount(Decimal(seconds))) s",
            code: .tryAgainLater, hint: "run `merchant-lookup order \(id) --wait` again, or raise --wait-timeout",
            name: "stillWaiting")
    }
}
