import DashSpendCore
public import DashSpendExplore
public import DashSpendMerchants
public import DashSpendSetup

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension DashSpendClient {
    /// What `dash` DASH buys: the gift-card merchants of one page of `search` whose cards fit that amount, each
    /// with the largest card of every offer that does (``BudgetCard``).
    ///
    /// - The amount becomes money at `rate` (how much of `currency` one DASH buys) when given; otherwise at
    ///   the published rate of the first provider of this build that has one (PiggyCards), under `policy`
    ///   (``exchangeRate(from:currency:policy:)``): live, or the stored rate offline, when the provider cannot be
    ///   asked, or while it is fresh. The ``BudgetPage/rate`` says which.
    /// - Every merchant of the page is resolved under `policy` like ``search(_:policy:)`` (the denominations
    ///   and ranges of its live, stored or local offers), and kept when one of its enabled offers has a card
    ///   whose price after the discount fits: the largest fixed value, or the largest amount of the range to
    ///   the cent. Merchants paid in Dash are not searched (a search without a payment method looks for gift
    ///   cards only).
    ///
    /// - Throws: ``DashSpendFailure``: ``DashSpendFailure/Cause/noExchangeRate`` when no rate is known (none
    ///   given, no provider of this build publishes one, or none could be asked and none is stored); an amount
    ///   or rate not above zero is ``DashSpendFailure/Kind/invalidRequest``.
    public func budget(
        _ dash: Decimal, search: MerchantSearch, policy: FetchPolicy = .cacheFirst(), rate: Decimal? = nil,
        currency: String = "USD"
    ) async throws -> BudgetPage {
        guard dash > 0 else {
            throw DashSpendFailure(.invalidRequest, "a budget must be more than 0 DASH, not \(dash)")
        }
        if let rate, rate <= 0 {
            throw DashSpendFailure(.invalidRequest, "an exchange rate must be more than 0, not \(rate)")
        }
        let code = currency.trimmedWhitespace.uppercased()
        let budgetRate = try await budgetRate(given: rate, currency: code, policy: policy)
        let fiat = BudgetCard.truncated(dash * budgetRate.fiatPerDash, places: 2)
        var search = search
        if search.paymentMethod == nil { search.paymentMethod = .giftCard }
        let page = try await self.search(search, policy: policy)
        let merchants = page.rows.compactMap { row -> BudgetMerchant? in
            guard let resolved = row.resolved else { return nil }
            let cards = resolved.offers.compactMap {
                BudgetCard.largest(of: $0, budget: fiat, rate: budgetRate.fiatPerDash)
            }
            return cards.isEmpty ? nil : BudgetMerchant(summary: row.summary, resolved: resolved, cards: cards)
        }
        return BudgetPage(dash: dash, rate: budgetRate, fiat: fiat, merchants: merchants, page: page)
    }

    /// The rate `given`, else the first published rate this build's providers have under `policy`.
    private func budgetRate(given: Decimal?, currency: String, policy: FetchPolicy) async throws(DashSpendFailure)
        -> BudgetRate
    {
        if let given { return BudgetRate(fiatPerDash: given, currency: currency, origin: .given) }
        let publishing = GiftCardProvider.allCases.filter { $0.info.exchangeRateMaxAge != nil }
        var problems: [String] = []
        for provider in publishing {
            do {
                let resolved = try await exchangeRate(from: provider, currency: currency, policy: policy)
                let value = resolved.rate.rate
                guard value > 0 else {
                    problems.append("\(provider.info.displayName)'s rate \(resolved.rate.rate) cannot be used")
                    continue
                }
                return BudgetRate(
                    fiatPerDash: value, currency: currency, origin: .provider(provider), source: resolved.source,
                    fetchedAt: resolved.fetchedAt, liveProblem: resolved.liveError?.message)
            } catch {
                problems.append(DashSpendFailure(error).message)
            }
        }
        let why =
            publishing.isEmpty
            ? "no provider in this build publishes one" : problems.joined(separator: "; ")
        throw DashSpendFailure(
            .notFound, "no Dash exchange rate in \(currency) is known: \(why)", cause: .noExchangeRate, subject: currency)
    }
}
