/// `show`'s own options (besides ``FetchPolicyOptions`` and `--near`).
enum ShowOptions {
    /// `--explain`: every source of every field.
    static let explain = Flag(
        "--explain", help: "show every source of every field, its value or why none, and the winner")
    /// `--locations`.
    static let locations = Flag(
        "--locations",
        help: "also list the merchant's locations, each with its phone and directions link (--near LAT,LON: nearest first)")
    /// `--stdin`: the merchants from standard input.
    static let standardInput = Flag("--stdin", help: "read the MERCHANT_IDs or names from standard input, one per line")
}
