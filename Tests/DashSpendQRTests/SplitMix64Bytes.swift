import DashSpendTestSupport

/// Seeded random bytes and text for the QR tests.
struct SplitMix64Bytes {
    private var generator: SplitMix64

    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    mutating func int(in range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }

    /// `count` characters drawn from `alphabet`.
    mutating func text(_ count: Int, from alphabet: String) -> String {
        let characters = Array(alphabet)
        return String((0..<count).map { _ in characters[Int.random(in: 0..<characters.count, using: &generator)] })
    }
}
