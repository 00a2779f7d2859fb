#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// Reads the mantissa words a `Decimal` stores, where `Decimal` keeps them private (swift-foundation).
///
/// Both Foundations lay a `Decimal` out in 20 bytes: a 32-bit header whose first byte is the exponent and
/// whose second byte holds the number of mantissa words in four of its bits (the low four in Apple's
/// `NSDecimal`, the high four in swift-foundation), then the mantissa as eight 16-bit words, least
/// significant first. Which of the two holds is found once per process, on values whose words are known;
/// where neither does, ``words(of:)`` answers nil and the caller works with `Decimal`'s arithmetic instead.
package enum DecimalMantissa {
    /// The mantissa's words, least significant first, without high zero words (empty for zero); nil where
    /// the layout is not one of the two above.
    package static func words(of value: Decimal) -> [UInt16]? {
        lengthShift.map { wordsAssumingLayout(of: value, lengthShift: $0) }
    }

    private static func wordsAssumingLayout(of value: Decimal, lengthShift: UInt8) -> [UInt16] {
        withUnsafeBytes(of: value) { raw in
            let length = min(Int(raw[1] >> lengthShift & 0x0F), 8)
            var words = (0..<length).map { raw.loadUnaligned(fromByteOffset: 4 + 2 * $0, as: UInt16.self) }
            while words.last == 0 { words.removeLast() }
            return words
        }
    }

    /// Where in the header's second byte the length is (0 or 4), tried on values made by `Decimal`'s own
    /// initialisers (none a multiple of ten, which an initialiser may store as a tenth with exponent 1);
    /// nil when neither place reads them right.
    private static let lengthShift: UInt8? = {
        guard MemoryLayout<Decimal>.size == 20, let largest = Decimal(string: "340282366920938463463374607431768211455"),
            let negative = Decimal(string: "-12.5")
        else { return nil }
        let samples: [(Decimal, [UInt16])] = [
            (Decimal(7), [7]), (negative, [125]), (Decimal(UInt64(65_537)), [1, 1]),
            (Decimal(UInt64(0xFFFF_0000_0000_ABCD)), [0xABCD, 0, 0, 0xFFFF]), (largest, Array(repeating: 0xFFFF, count: 8)),
        ]
        return [0, 4].first { shift in samples.allSatisfy { wordsAssumingLayout(of: $0.0, lengthShift: shift) == $0.1 } }
    }()
}
