/// A small deterministic random number generator (SplitMix64), so that every random input of a test, and
/// every byte of the benchmark's generated explore file, comes from a seed: a failure can be replayed and a
/// file is the same on every machine. The standard library's generator is seeded randomly and is not used.
///
/// In the kit so the tests (through `DashSpendTestSupport`) and `explore-benchmark` share one; `package`, not
/// part of the kit's public API.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The current state; the next value is derived from it.
    package var state: UInt64

    /// A generator that starts from `seed`.
    package init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
