#if PIGGYCARDS_ENABLED
package import DashSpendCore

extension PiggyCardsRepository: ExchangeRateProviding {
    /// GET `exchange-rate?currency=…` as a provider-neutral ``ExchangeRate``; a rate that does not fit in a
    /// finite `Double` is unreadable.
    package func exchangeRate(in currency: String) async throws -> ExchangeRate {
        let answer: PiggyCardsExchangeRate = try await exchangeRate(currency: currency)
        guard let rate = Double("\(answer.rate)"), rate.isFinite else {
            throw DashSpendError.unreadableAnswer("PiggyCards sent an exchange rate that is not a number")
        }
        return ExchangeRate(
            provider: .piggyCards, currency: answer.currency.uppercased(), rate: rate,
            dateModified: answer.dateModified)
    }
}
#endif
