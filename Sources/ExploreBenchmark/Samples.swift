/// Wall times of one side of a comparison, in milliseconds, with the summary statistics the tables show.
struct Samples {
    /// Every measured time, in the order taken.
    private(set) var milliseconds: [Double] = []

    /// Adds one time.
    mutating func append(_ value: Double) { milliseconds.append(value) }

    /// How many times were taken.
    var count: Int { milliseconds.count }

    /// The median (mean of the middle two for an even count).
    var median: Double { percentile(50) }

    /// The 90th percentile (nearest rank).
    var p90: Double { percentile(90) }

    /// The `p`th percentile: the median is interpolated, other percentiles use the nearest rank.
    func percentile(_ p: Double) -> Double {
        let sorted = milliseconds.sorted()
        guard !sorted.isEmpty else { return .nan }
        if p == 50 {
            let middle = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}
