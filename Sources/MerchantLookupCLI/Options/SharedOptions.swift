import DashSpend

/// Options that several commands declare alike.
enum SharedOptions {
    /// `--near LAT,LON`.
    static let near = Option("--near", "LAT,LON", help: "a point in degrees (e.g. 30.2672,-97.7431)", parser: .coordinates)
    /// `--radius KM`.
    static let radius = Option("--radius", "KM", help: "only within this distance of --near", parser: .number(0...20_000))
    /// `--limit N`.
    static let limit = Option("--limit", "N", help: "at most N results (default 100)", parser: .integer(1...10_000))
    /// `--offset N`.
    static let offset = Option("--offset", "N", help: "skip the first N results", parser: .integer(0...Int(Int32.max)))
}
