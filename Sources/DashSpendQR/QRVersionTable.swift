/// The facts of each QR Code version (1 to 40) at error-correction level M, the only level this encoder writes:
/// size, alignment patterns, codeword counts and the block structure (ISO/IEC 18004, tables 1, 7, 9 and E.1).
package enum QRVersionTable {
    /// Every version.
    package static let versions = 1...40

    /// Modules per side: 21 for version 1, four more per version.
    package static func size(version: Int) -> Int { 17 + 4 * version }

    /// The row and column coordinates of the alignment pattern centres (table E.1): none for version 1;
    /// otherwise `version / 7 + 2` positions from 6 to `size − 7`, evenly spaced by an even step, the first gap
    /// taking what is left (version 32 is the one exception to the rounding: its step is 26, not 28).
    package static func alignmentPatternCentres(version: Int) -> [Int] {
        guard version >= 2 else { return [] }
        let count = version / 7 + 2
        let last = size(version: version) - 7
        var step = (last - 6 + count - 2) / (count - 1)
        step += step % 2
        if version == 32 { step = 26 }
        return [6] + (0..<(count - 1)).reversed().map { last - $0 * step }
    }

    /// How many modules carry codewords (data, error correction and remainder bits): every module that is not
    /// a finder pattern with its separator, a timing pattern, an alignment pattern, format or version
    /// information, or the dark module.
    package static func dataModules(version: Int) -> Int {
        let side = size(version: version)
        var modules = side * side - 3 * 64 - 2 * (side - 16) - 31
        let centres = alignmentPatternCentres(version: version).count
        if centres > 0 {
            // n² − 3 patterns (three would sit on finders); those on row or column 6 share 5 modules with a
            // timing pattern, which is already counted.
            modules -= 25 * (centres * centres - 3) - 5 * 2 * (centres - 2)
        }
        if version >= 7 { modules -= 2 * 18 }
        return modules
    }

    /// All codewords of the symbol, data and error correction (the remainder bits do not make one).
    package static func totalCodewords(version: Int) -> Int { dataModules(version: version) / 8 }

    /// Error-correction codewords per block at level M (table 9).
    package static func errorCorrectionCodewordsPerBlock(version: Int) -> Int {
        errorCorrectionPerBlockM[version - 1]
    }

    /// Error-correction blocks at level M (table 9).
    package static func blockCount(version: Int) -> Int { blockCountM[version - 1] }

    /// Data codewords at level M.
    package static func dataCodewords(version: Int) -> Int {
        totalCodewords(version: version) - blockCount(version: version) * errorCorrectionCodewordsPerBlock(version: version)
    }

    /// Bits of the character count indicator in byte mode (table 3): 8 up to version 9, then 16.
    static func byteModeCountBits(version: Int) -> Int { version <= 9 ? 8 : 16 }

    /// The most bytes a byte-mode segment can hold at level M: the data codewords less the mode indicator
    /// (4 bits) and the character count.
    package static func byteCapacity(version: Int) -> Int {
        (dataCodewords(version: version) * 8 - 4 - byteModeCountBits(version: version)) / 8
    }

    /// The smallest version whose byte capacity at level M holds `byteCount` bytes, or nil beyond version 40.
    package static func smallestVersion(forByteCount byteCount: Int) -> Int? {
        versions.first { byteCapacity(version: $0) >= byteCount }
    }

    // MARK: - Table 9, level M

    private static let errorCorrectionPerBlockM = [
        10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
        26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
    ]

    private static let blockCountM = [
        1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
        17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
    ]
}
