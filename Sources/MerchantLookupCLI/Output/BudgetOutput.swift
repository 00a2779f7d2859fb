import DashSpend
import DashSpendCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How `search --budget DASH` shows the library's ``BudgetPage``: the budget in money and the rate it was
/// turned with (where the rate came from, how old a stored one is, offline or not), then one row per
/// merchant whose cards fit, with the largest card it gives; or the same as JSON.
enum BudgetOutput {
    /// `1.5 DASH = 45.00 USD at 30 USD per DASH (PiggyCards' rate, live)`, then the table and how many of
    /// the page's merchants fit.
    static func text(_ budget: BudgetPage, offline: Bool, now: Date = Date()) -> String {
        let currency = budget.rate.currency
        var text =
            "\(budget.dash) DASH = \(OrderOutput.money(budget.fiat, currency)) at "
            + "\(budget.rate.fiatPerDash) \(currency) per DASH (\(rateOrigin(budget.rate, offline: offline, now: now)))\n"
        if let problem = budget.rate.liveProblem {
            text += "note: the rate is not live: " + TerminalText.sanitized(problem, keepingNewlines: false) + "\n"
        }
        guard !budget.merchants.isEmpty else {
            let searched = budget.page.rows.count
            return text + "no merchant of the \(searched) searched has a card that fits\n" + SearchCommand.shown(budget.page.page)
        }
        let rows = budget.merchants.map { merchant -> [String] in
            let best = merchant.best
            return [
                merchant.summary.name, OrderOutput.money(best.value, currency), OrderOutput.money(best.price, currency),
                best.dash.plainText(fractionDigits: 8), OutputFormat.discount(best.discountBasisPoints),
                best.provider.displayName, merchant.summary.merchantId,
            ]
        }
        text += OutputFormat.table(["NAME", "CARD", "PRICE", "DASH", "DISCOUNT", "PROVIDER", "ID"], rows)
        let searched = budget.page.rows.count
        text +=
            "\(budget.merchants.count) of \(searched) \(searched == 1 ? "merchant" : "merchants") searched "
            + "\(budget.merchants.count == 1 ? "has" : "have") a card that fits; "
            + "CARD is the largest (buy it with `merchant-lookup buy ID --amount CARD`)\n"
        return text + SearchCommand.shown(budget.page.page)
    }

    /// `PiggyCards' rate, live`, `PiggyCards' rate stored 12 min ago, offline`, `the rate given`.
    static func rateOrigin(_ rate: BudgetRate, offline: Bool, now: Date) -> String {
        switch rate.origin {
        case .given:
            return "the rate given"
        case .provider(let provider):
            let name = provider.displayName
            var words = name + (name.hasSuffix("s") ? "' rate" : "'s rate")
            if rate.source == .live {
                words += ", live"
            } else if let fetchedAt = rate.fetchedAt {
                words += " stored \(OutputFormat.age(max(0, now.timeIntervalSince(fetchedAt)))) ago"
            } else {
                words += ", stored"
            }
            return offline ? words + ", offline" : words
        }
    }

    /// The page as JSON: `budget` (the DASH, the money, the rate and where it came from) and the merchants that
    /// fit, each with every offer's largest card.
    static func json(_ budget: BudgetPage) -> String {
        let rate = budget.rate
        var origin: JSONDocument = .string("given")
        if case .provider(let provider) = rate.origin { origin = .string(provider.displayName) }
        let rateMembers: [(String, JSONDocument)] = [
            ("fiatPerDash", .string("\(rate.fiatPerDash)")), ("currency", .string(rate.currency)), ("origin", origin),
            ("source", rate.source.map { .string($0.rawValue) } ?? .null),
            ("fetchedAt", rate.fetchedAt.map { .string(UTCTimestamp.extended($0)) } ?? .null),
            ("liveProblem", rate.liveProblem.map(JSONDocument.string) ?? .null),
        ]
        let merchants = budget.merchants.map { merchant -> JSONDocument in
            var members = SearchCommand.summaryMembers(merchant.summary)
            members.append(("cards", .array(merchant.cards.map(card))))
            members.append(("best", card(merchant.best)))
            return .object(members)
        }
        let page = budget.page.page
        return JSONDocument.object([
            (
                "budget",
                .object([
                    ("dash", .string("\(budget.dash)")), ("fiat", .string(budget.fiat.plainText(fractionDigits: 2))),
                    ("currency", .string(rate.currency)), ("rate", .object(rateMembers)),
                ])
            ),
            ("merchants", .array(merchants)), ("searched", .integer(budget.page.rows.count)),
            ("offset", .integer(page.offset)), ("limit", .integer(page.limit)), ("total", .integer(page.total)),
        ]).serialized() + "\n"
    }

    /// One card as JSON: provider, value, price, dash, discount, whether it is a fixed value.
    static func card(_ card: BudgetCard) -> JSONDocument {
        .object([
            ("provider", .string(card.provider.displayName)), ("value", .string(card.value.plainText(fractionDigits: 2))),
            ("price", .string(card.price.plainText(fractionDigits: 2))),
            ("dash", .string(card.dash.plainText(fractionDigits: 8))),
            ("discountBasisPoints", .integer(card.discountBasisPoints)), ("fixedValue", .bool(card.isFixedValue)),
        ])
    }
}
