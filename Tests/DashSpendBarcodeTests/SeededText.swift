import DashSpendTestSupport

/// Seeded random text for the barcode tests.
struct SeededText {
    private var generator: SplitMix64

    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    mutating func int(in range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }

    /// `count` characters drawn from `alphabet`.
    mutating func text(_ count: Int, from alphabet: String) -> String {
        let characters = Array(alphabet)
        return String((0..<count).map { _ in characters[Int.random(in: 0..<characters.count, using: &generator)] })
    }

    /// The printable ASCII characters, space included.
    static let printable = String((32..<127).map { Character(Unicode.Scalar(UInt8($0))) })
}
