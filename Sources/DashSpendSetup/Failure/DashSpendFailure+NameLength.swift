import DashSpendExplore

extension DashSpendFailure {
    /// Refuses at once a merchant name (or id) longer than ``MerchantSearch/maximumNameLength``: no merchant
    /// has one, and comparing it with every name would only cost time. ``Kind/invalidRequest``; the message
    /// gives the length, not the text.
    package static func checkNameLength(_ name: String?) throws(DashSpendFailure) {
        guard let name else { return }
        let limit = MerchantSearch.maximumNameLength
        guard name.count > limit else { return }
        throw DashSpendFailure(
            .invalidRequest,
            "a merchant name or id of \(name.count) characters is longer than any merchant's (at most \(limit))")
    }
}
