/// `orders`' options.
enum OrdersOptions {
    /// `--csv`: the accounting export.
    static let csv = Flag(
        "--csv",
        help: "print the orders as CSV for accounting, one row per card, oldest first (never the card's codes)")
}

extension OrdersOptions {
    /// `--watch`: follow every open order until none is left open.
    static let watch = Flag(
        "--watch",
        help: "follow every open order (unpaid, paid, unknown) and print each change on its own line (NDJSON with "
            + "--json) until none is left open")
    /// `--exec CMD`: run when a card arrives.
    static let exec = Option(
        "--exec", "CMD",
        help: "with --watch, run CMD through /bin/sh -c when a card arrives, with DASHSPEND_ORDER_ID and "
            + "DASHSPEND_ORDER_STATUS in its environment (never the card's codes; its output goes to stderr)",
        parser: .text())
    /// `--until-time SECONDS`: how long `--watch` runs at most.
    static let untilTime = OrderOptions.waitTimeout.renamed(
        "--until-time",
        help: "with --watch, stop after SECONDS (exit 75 when orders are still open)")
    /// `--poll-interval SECONDS`: `order --wait`'s, for each order `--watch` follows.
    static let pollInterval = OrderOptions.pollInterval.helping(
        "with --watch, the first wait between two asks of one order (default 2, doubling up to 30)")
}
