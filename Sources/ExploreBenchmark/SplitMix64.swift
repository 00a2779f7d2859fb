import DashSpendTestKit

/// What the generated explore file draws from the kit's fixed-seed ``SplitMix64`` (the same bytes on every
/// machine and every run).
extension SplitMix64 {
    /// A double in `0..<1` (53 random bits).
    mutating func unit() -> Double { Double(next() >> 11) * (1.0 / 9_007_199_254_740_992.0) }

    /// An integer in `0..<bound` (`bound` > 0); the tiny modulo bias does not matter for test data.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// An integer in `range`.
    mutating func int(in range: ClosedRange<Int>) -> Int { range.lowerBound + below(range.count) }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// One element of `items`.
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// An approximately normal value with mean 0 and standard deviation 1 (sum of 12 uniforms).
    mutating func gaussian() -> Double {
        var sum = 0.0
        for _ in 0..<12 { sum += unit() }
        return sum - 6
    }

    /// Lowercase hex of `count` random nibbles.
    mutating func hex(_ count: Int) -> String {
        let digits = Array("0123456789abcdef")
        var text = ""
        text.reserveCapacity(count)
        for _ in 0..<count { text.append(digits[below(16)]) }
        return text
    }
}
