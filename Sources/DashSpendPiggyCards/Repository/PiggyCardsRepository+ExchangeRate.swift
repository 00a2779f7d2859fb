#if PIGGYCARDS_ENABLED
package import DashSpendCore

extension PiggyCardsRepository: ExchangeRateProviding {
    /// GET `exchange-rate?currency=…` as a provider-neutral ``ExchangeRate``; a rate that does not fit in a
    /// finite `Double`, or one in another currency than asked for, is unreadable (it would be stored under
    /// the wrong currency).
    package func exchangeRate(in currency: String) async throws -> ExchangeRate {
        let answer: PiggyCardsExchangeRate = try await exchangeRate(currency: currency)
        guard let rate = Double("\(answer.rate)"), rate.isFinite else {
            throw DashSpendError.unreadableAnswer("PiggyCards sent an exchange rate that is not a number")
        }
        let code = currency.trimmedWhitespace.uppercased()
        guard answer.currency.uppercased() == code else {
            throw DashSpendError.unreadableAnswer("PiggyCards sent a \(answer.currency) rate when asked for \(code)")
        }
        return ExchangeRate(
            provider: .piggyCards, currency: code, rate: rate,
            dateModified: answer.dateModified)
    }
}
#endif
