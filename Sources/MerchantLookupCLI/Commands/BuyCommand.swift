import DashSpend

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `merchant-lookup buy MERCHANT --amount N [--provider ID] [--yes] [--again]`: checks the amount against the
/// live offer, shows what will be bought and paid, asks on the terminal (unless `--yes`), orders the card
/// once, and prints the payment: the `dash:` URI and the Dash amount. A card of the same provider, merchant
/// and amount ordered in the last day that may still be outstanding stops it, unless `--again`.
enum BuyCommand: CLICommand {
    static let words = ["buy"]
    static let usage = "merchant-lookup buy MERCHANT_ID|NAME --amount N [--provider ID] [--yes] [--again] [--json]"
    static let summary = "buy a gift card: check the amount live, order it, print the Dash payment"
    static var options: [OptionSpec] {
        [
            .value("--amount", "N", help: "the card's value in USD (one of a fixed card's values, or within the range)"),
            .value(
                "--provider", "ID",
                help: "the provider to buy from (\(GiftCardProvider.allCases.map(\.id).joined(separator: ", ")); "
                    + "default: the best offer)"
            ),
            .flag("--yes", aliases: ["-y"], help: "buy without asking for confirmation (needed without a terminal)"),
            .flag(
                "--again",
                help: "buy although an order of the same card from the last day may still be outstanding "
                    + "(its answer lost, or unpaid)"),
        ]
    }
    static let maximumOperands = 1

    static func run(_ invocation: Invocation) async throws(CLIError) -> String {
        guard let wanted = invocation.operands(after: words.count).first, !wanted.isEmpty else {
            throw .usage("buy needs a MERCHANT_ID or a name")
        }
        guard let raw = invocation.arguments.value("--amount") else { throw .usage("buy needs --amount N") }
        let amount: Decimal
        do {
            amount = try PurchaseAmount(parsing: raw).value
        } catch {
            throw .usage("--amount: \(error.message)")
        }
        let again = invocation.arguments.flag("--again")
        let provider = try invocation.provider()
        let confirmed = invocation.arguments.flag("--yes")
        // Checked before anything is sent: without a terminal nobody can answer the question.
        if !confirmed && isatty(STDIN_FILENO) != 1 {
            throw .usage("buy asks for confirmation on a terminal; without one, pass --yes")
        }
        if invocation.offline { throw .usage("buy needs the network: drop --offline") }
        let client = try invocation.client()
        let quote = try await invocation.perform(offlineHelps: false) { () async throws in
            try await client.quote(merchant: wanted, amount: amount, provider: provider, again: again)
        }
        if !confirmed {
            guard ask(summaryText(quote) + "Buy it? [y/N] ") else {
                return invocation.json
                    ? JSONDocument.object([("bought", .bool(false))]).serialized() + "\n" : "Nothing was bought.\n"
            }
        }
        let order = try await invocation.perform(offlineHelps: false) { () async throws in
            try await client.placeOrder(quote)
        }
        if let notSaved = order.notSaved { note(notSaved) }
        if invocation.json {
            var members: [(String, JSONDocument)] = [
                ("bought", .bool(true)), ("quote", quoteJSON(quote)), ("order", OrderOutput.json(order, reveal: false)),
            ]
            if let notSaved = order.notSaved { members.append(("warning", .string(notSaved))) }
            return JSONDocument.object(members).serialized() + "\n"
        }
        var text = confirmed ? summaryText(quote) : ""
        text += "\nOrdered: order \(order.id) at \(order.providerName), status \(OrderOutput.status(order)).\n"
        if order.isPayable, let uri = order.paymentURI {
            text += PaymentOutput.text(uri: uri, dashAmount: order.dashAmount, environment: invocation.environment)
        } else {
            text += "No payment is asked for this order: do not pay it.\n"
        }
        text += "Follow it with `merchant-lookup order \(order.id) --wait`.\n"
        return text
    }

    /// What will be bought and paid.
    static func summaryText(_ quote: PurchaseQuote) -> String {
        let rows = [
            ("merchant", "\(quote.merchantName) (\(quote.merchantId))"),
            ("provider", quote.provider.displayName),
            ("amount", OrderOutput.money(quote.amount, quote.currency)),
            ("discount", OutputFormat.discount(quote.discountBasisPoints)),
            ("you pay", OrderOutput.money(quote.price, quote.currency) + " in Dash (the provider sets the Dash amount)"),
        ]
        return rows.map { OutputFormat.pad($0.0 + ":", 10) + $0.1 + "\n" }.joined()
    }

    static func quoteJSON(_ quote: PurchaseQuote) -> JSONDocument {
        .object([
            ("merchantId", .string(quote.merchantId)), ("merchant", .string(quote.merchantName)),
            ("provider", .string(quote.provider.displayName)),
            ("amount", .string(quote.amount.plainText(fractionDigits: 2))), ("currency", .string(quote.currency)),
            ("discountBasisPoints", .integer(quote.discountBasisPoints)),
            ("price", .string(quote.price.plainText(fractionDigits: 2))),
        ])
    }

    /// Says `line` on stderr at once (before the payment is printed).
    private static func note(_ line: String) {
        let bytes = Array(("merchant-lookup: warning: " + line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    /// Asks `question` on stderr and reads the answer from the terminal: yes only for `y` or `yes`.
    private static func ask(_ question: String) -> Bool {
        let bytes = Array(question.utf8)
        _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        guard let answer = readLine(strippingNewline: true)?.trimmedWhitespace.lowercased() else { return false }
        return answer == "y" || answer == "yes"
    }
}
