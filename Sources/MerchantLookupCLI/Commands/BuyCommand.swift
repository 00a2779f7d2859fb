import DashSpend

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `merchant-lookup buy MERCHANT --amount N[xCOUNT] [--amount ...] [--provider ID] [--yes] [--again]`: checks
/// each amount against the live offer, shows what will be bought and paid (every line and the total), asks on
/// the terminal (unless `--yes`), orders the cards once, in one order, and prints the one payment: the
/// `dash:` URI and the Dash amount. Several cards are one order only at a provider that takes them
/// (PiggyCards); CTX sells one card per order. An order of the same merchant and amount ordered in the last
/// day that may still be outstanding stops it, unless `--again`.
enum BuyCommand: CLICommand {
    static let words = ["buy"]
    static let usage =
        "merchant-lookup buy MERCHANT_ID|NAME --amount N[xCOUNT] [--amount N[xCOUNT]...] [--provider ID] [--yes] [--again] [--json]"
    static let summary = "buy a gift card: check the amount live, order it, print the Dash payment"
    static let options = [BuyOptions.amount.spec, BuyOptions.provider.spec, BuyOptions.yes.spec, BuyOptions.again.spec]

    /// A buy keeps its order: for writing.
    static func ordersAccess(_ arguments: ParsedArguments) -> DashSpendConfiguration.OrdersAccess { .readWrite }
    static let maximumOperands = 1

    static func run(_ invocation: Invocation) async throws(CLIError) -> String {
        guard let wanted = invocation.operands(after: words.count).first, !wanted.isEmpty else {
            throw .usage("buy needs a MERCHANT_ID or a name")
        }
        let amounts = invocation.all(BuyOptions.amount)
        guard !amounts.isEmpty else { throw .usage("buy needs --amount N (or NxCOUNT, repeated for several cards)") }
        let provider = invocation[BuyOptions.provider]
        let confirmed = invocation[BuyOptions.yes]
        let again = invocation[BuyOptions.again]
        // Checked before anything is sent: without a terminal nobody can answer the question.
        if !confirmed && !invocation.streams.input.isTerminal {
            throw .usage("buy asks for confirmation on a terminal; without one, pass --yes")
        }
        if invocation.offline { throw .usage("buy needs the network: drop --offline") }
        let client = try invocation.client()
        let quote = try await invocation.perform(offlineHelps: false) { () async throws in
            try await client.quote(merchant: wanted, amounts: amounts, provider: provider, again: again)
        }
        let country = client.configuration.normalizedCountry
        if !confirmed {
            guard ask(summaryText(quote, country: country) + "Buy it? [y/N] ", invocation) else {
                return invocation.json
                    ? JSONDocument.object([("bought", .bool(false))]).serialized() + "\n" : "Nothing was bought.\n"
            }
        }
        let order = try await invocation.perform(offlineHelps: false) { () async throws in
            try await client.placeOrder(quote)
        }
        if let notSaved = order.notSaved { invocation.standardError.writeLine("warning: " + notSaved) }
        if invocation.json {
            var members: [(String, JSONDocument)] = [
                ("bought", .bool(true)), ("quote", quoteJSON(quote, country: country)),
                ("order", OrderOutput.json(order, reveal: false)),
            ]
            if let notSaved = order.notSaved { members.append(("warning", .string(notSaved))) }
            return JSONDocument.object(members).serialized() + "\n"
        }
        var text = confirmed ? summaryText(quote, country: country) : ""
        let cards = order.cardCount > 1 ? ", \(order.cardCount) cards in one order paid once" : ""
        text += "\nOrdered: order \(order.id) at \(order.providerName)\(cards), status \(OrderOutput.status(order)).\n"
        if order.isPayable, let uri = order.paymentURI, order.paymentRequestURL != nil {
            text += PaymentOutput.text(
                uri: uri, dashAmount: order.dashAmount, request: order.paymentRequest, colours: invocation.coloursOnOutput)
        } else if order.isPayable, let uri = order.paymentURI {
            text += PaymentOutput.text(uri: uri, dashAmount: order.dashAmount, colours: invocation.coloursOnOutput)
        } else if order.paymentCheckPending {
            text +=
                "The payment waits for a check against an exchange rate, which could not be had: do not pay yet. "
                + "`merchant-lookup order \(order.id)` checks it again.\n"
        } else {
            text += "No payment is asked for this order: do not pay it.\n"
        }
        text += "Follow it with `merchant-lookup order \(order.id) --wait`.\n"
        return text
    }

    /// What will be bought and paid (for several cards, each line: its cards, their discount and price, and
    /// the total), where the card works, and the provider's terms and support address (`ProviderInfo`), before
    /// the buyer confirms.
    static func summaryText(_ quote: PurchaseQuote, country: String?) -> String {
        let info = quote.provider.info
        var rows = [
            ("merchant", "\(quote.merchantName) (\(quote.merchantId))"),
            ("provider", quote.provider.displayName),
        ]
        if quote.cardCount == 1 {
            rows.append(("amount", OrderOutput.money(quote.amount, quote.currency)))
        } else {
            for (index, line) in quote.lines.enumerated() {
                rows.append(
                    (
                        index == 0 ? "cards" : "",
                        "\(line.quantity) x \(OrderOutput.money(line.amount, quote.currency)), "
                            + "\(OutputFormat.discount(line.discountBasisPoints)): \(OrderOutput.money(line.price, quote.currency))"
                    ))
            }
            rows.append(("amount", OrderOutput.money(quote.amount, quote.currency) + " in \(quote.cardCount) cards, one order"))
        }
        rows += [
            ("discount", OutputFormat.discount(quote.discountBasisPoints)),
            ("you pay", OrderOutput.money(quote.price, quote.currency) + " in Dash (the provider sets the Dash amount)"),
            (
                "works in",
                CardCountryOutput.text(info.cardCountries, worksInCountry: info.cardsWork(in: country), country: country)
            ),
            ("terms", info.termsURL.absoluteString),
            ("support", info.supportEmail),
        ]
        return rows.map { OutputFormat.pad($0.0.isEmpty ? "" : $0.0 + ":", 10) + $0.1 + "\n" }.joined()
    }

    /// The quote in `buy --json`: every line, where the card works and the provider's terms and support address.
    static func quoteJSON(_ quote: PurchaseQuote, country: String?) -> JSONDocument {
        let info = quote.provider.info
        let lines = quote.lines.map { line -> JSONDocument in
            .object([
                ("amount", .string(line.amount.plainText(fractionDigits: 2))), ("quantity", .integer(line.quantity)),
                ("discountBasisPoints", .integer(line.discountBasisPoints)),
                ("price", .string(line.price.plainText(fractionDigits: 2))),
            ])
        }
        return .object([
            ("merchantId", .string(quote.merchantId)), ("merchant", .string(quote.merchantName)),
            ("provider", .string(quote.provider.displayName)),
            ("amount", .string(quote.amount.plainText(fractionDigits: 2))), ("currency", .string(quote.currency)),
            ("discountBasisPoints", .integer(quote.discountBasisPoints)),
            ("price", .string(quote.price.plainText(fractionDigits: 2))),
            ("cardCount", .integer(quote.cardCount)), ("lines", .array(lines)),
            ("cardCountries", .array(info.cardCountries.map(JSONDocument.string))),
            ("cardsWorkInCountry", info.cardsWork(in: country).map(JSONDocument.bool) ?? .null),
            ("termsURL", .string(info.termsURL.absoluteString)), ("supportEmail", .string(info.supportEmail)),
        ])
    }

    /// Asks `question` on stderr and reads the answer from the terminal: yes only for `y` or `yes`.
    private static func ask(_ question: String, _ invocation: Invocation) -> Bool {
        invocation.standardError.write(TerminalText.sanitized(question))
        guard let answer = invocation.streams.input.readLine()?.trimmedWhitespace.lowercased() else { return false }
        return answer == "y" || answer == "yes"
    }
}
