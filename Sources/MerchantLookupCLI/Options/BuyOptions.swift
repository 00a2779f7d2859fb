import DashSpend

/// `buy`'s options.
enum BuyOptions {
    /// `--amount N[xCOUNT]`, repeatable: the card's value, and how many cards of it.
    static let amount = Option(
        "--amount", "N",
        help: "the card's value in USD (one of a fixed card's values, or within the range); NxCOUNT for COUNT "
            + "cards of it (25x2); repeat it for cards of several values in one order, paid once (PiggyCards)",
        parser: .amount)
    /// `--provider ID`: the provider to buy from (the same option as `search`'s, helped for buying).
    static let provider = SearchOptions.provider.helping(
        "the provider to buy from (\(GiftCardProvider.idList); default: the best offer)")
    /// `-y`, `--yes`: no question.
    static let yes = Flag(
        "--yes", aliases: ["-y"], help: "buy without asking for confirmation (needed without a terminal)")
    /// `--again`: buy although the same card may still be outstanding.
    static let again = Flag(
        "--again",
        help: "buy although an order of the same card from the last day may still be outstanding "
            + "(its answer lost, or unpaid)")
}
