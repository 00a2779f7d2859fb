#if PIGGYCARDS_ENABLED
package import DashSpendCore

extension PiggyCardsRepository: ExchangeRateProviding {
    /// GET `exchange-rate?currency=…` as a provider-neutral ``ExchangeRate``, the rate as sent (a `Decimal`
    /// read from the answer's text); one in another currency than asked for is unreadable (it would be stored
    /// under the wrong currency).
    package func exchangeRate(in currency: String) async throws -> ExchangeRate {
        let answer: PiggyCardsExchangeRate = try await exchangeRate(currency: currency)
        let code = currency.trimmedWhitespace.uppercased()
        guard answer.currency.uppercased() == code else {
            throw DashSpendError.unreadableAnswer("PiggyCards sent a \(answer.currency) rate when asked for \(code)")
        }
        return ExchangeRate(
            provider: .piggyCards, currency: code, rate: answer.rate,
            dateModified: answer.dateModified)
    }
}
#endif
