/// Options that several commands declare alike.
enum SharedOptions {
    /// `--near LAT,LON`.
    static let near = OptionSpec.value("--near", "LAT,LON", help: "a point in degrees (e.g. 30.2672,-97.7431)")
    /// `--radius KM`.
    static let radius = OptionSpec.value(
        "--radius", "KM", help: "only within this distance of --near", validation: .number(0...20_000))
    /// `--limit N`.
    static let limit = OptionSpec.value(
        "--limit", "N", help: "at most N results (default 100)", validation: .integer(1...10_000))
    /// `--offset N`.
    static let offset = OptionSpec.value(
        "--offset", "N", help: "skip the first N results", validation: .integer(0...Int(Int32.max)))
}
