import DashSpend

/// `search`'s own options (besides ``SharedOptions`` and ``FetchPolicyOptions``).
enum SearchOptions {
    /// `--provider ID`: only merchants sold through it.
    static let provider = Option(
        "--provider", "ID",
        help: "only merchants sold through this provider (\(GiftCardProvider.idList))",
        parser: .provider)
    /// `--type TYPE`, repeatable or comma-separated.
    static let types = Option(
        "--type", "TYPE", help: "online (merchants of type both included), physical or both (repeatable, or comma-separated)",
        parser: .merchantTypes)
    /// `--payment METHOD`.
    static let payment = Option("--payment", "METHOD", help: "dash or giftcard", parser: .paymentMethod)
    /// `--denominations TYPE`.
    static let denominations = Option(
        "--denominations", "TYPE", help: "fixed or flexible", parser: .denominations)
    /// `--territory NAME`.
    static let territory = Option(
        "--territory", "NAME", help: "merchants with a location in this territory (see `territories`)", parser: .text())
    /// `--sort ORDER`.
    static let sort = Option("--sort", "ORDER", help: "name, distance (needs --near) or discount", parser: .sort)
    /// `--budget DASH`: the merchants whose cards fit this amount of Dash.
    static let budget = Option(
        "--budget", "DASH",
        help: "only merchants with a card this much Dash pays for, with the largest card each gives (at the "
            + "providers' published rate; the stored one with --offline)",
        parser: .positiveDecimal(places: 8))
    /// `--rate FIAT_PER_DASH`: the rate `--budget` uses instead of a provider's.
    static let rate = Option(
        "--rate", "FIAT_PER_DASH", help: "with --budget, the USD one DASH buys (instead of a provider's rate)",
        parser: .positiveDecimal(places: 8))
    /// `--include-url-redeem`.
    static let includeURLRedeem = Flag("--include-url-redeem", help: "also merchants redeemed only through a URL")
}
