import DashSpendQR
import Testing

/// The version facts at level M against the published tables of ISO/IEC 18004 (capacities, block structure,
/// alignment pattern positions).
@Suite("QR version table")
struct QRVersionTableTests {
    /// Byte-mode capacity at level M, versions 1 to 40 (ISO/IEC 18004 table 7).
    static let publishedByteCapacityM = [
        14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331, 362, 412, 450, 504, 560, 624, 666,
        711, 779, 857, 911, 997, 1059, 1125, 1190, 1264, 1370, 1452, 1538, 1628, 1722, 1809, 1911, 1989, 2099, 2213, 2331,
    ]

    @Test("The byte capacity of every version at level M is the published one")
    func byteCapacities() {
        #expect(QRVersionTable.versions.map { QRVersionTable.byteCapacity(version: $0) } == Self.publishedByteCapacityM)
    }

    @Test(
        "Total codewords and remainder bits (table 1)",
        arguments: [(1, 26, 0), (2, 44, 7), (6, 172, 7), (7, 196, 0), (14, 581, 3), (21, 1156, 4), (28, 1921, 3), (40, 3706, 0)])
    func totals(version: Int, codewords: Int, remainderBits: Int) {
        #expect(QRVersionTable.totalCodewords(version: version) == codewords)
        #expect(QRVersionTable.dataModules(version: version) % 8 == remainderBits)
    }

    @Test(
        "Block structure at level M (table 9): groups of (count, total codewords, data codewords)",
        arguments: [
            (1, [[1, 26, 16]]), (5, [[2, 67, 43]]), (6, [[4, 43, 27]]), (9, [[3, 58, 36], [2, 59, 37]]),
            (13, [[8, 59, 37], [1, 60, 38]]), (25, [[8, 75, 47], [13, 76, 48]]), (40, [[18, 75, 47], [31, 76, 48]]),
        ])
    func blocks(version: Int, groups: [[Int]]) {
        let total = QRVersionTable.totalCodewords(version: version)
        let count = QRVersionTable.blockCount(version: version)
        let correction = QRVersionTable.errorCorrectionCodewordsPerBlock(version: version)
        let longBlocks = total % count
        var derived = [[count - longBlocks, total / count, total / count - correction]]
        if longBlocks > 0 { derived.append([longBlocks, total / count + 1, total / count + 1 - correction]) }
        #expect(derived == groups)
    }

    @Test(
        "Alignment pattern centres (table E.1)",
        arguments: [
            (1, []), (2, [6, 18]), (6, [6, 34]), (7, [6, 22, 38]), (14, [6, 26, 46, 66]), (15, [6, 26, 48, 70]),
            (16, [6, 26, 50, 74]), (22, [6, 26, 50, 74, 98]), (30, [6, 26, 52, 78, 104, 130]),
            (31, [6, 30, 56, 82, 108, 134]), (32, [6, 34, 60, 86, 112, 138]), (33, [6, 30, 58, 86, 114, 142]),
            (36, [6, 24, 50, 76, 102, 128, 154]), (39, [6, 26, 54, 82, 110, 138, 166]),
            (40, [6, 30, 58, 86, 114, 142, 170]),
        ])
    func alignment(version: Int, centres: [Int]) {
        #expect(QRVersionTable.alignmentPatternCentres(version: version) == centres)
    }

    @Test("The smallest version: each capacity fits its version, one byte more needs the next")
    func smallestVersion() {
        #expect(QRVersionTable.smallestVersion(forByteCount: 0) == 1)
        for version in QRVersionTable.versions {
            let capacity = QRVersionTable.byteCapacity(version: version)
            #expect(QRVersionTable.smallestVersion(forByteCount: capacity) == version)
            #expect(QRVersionTable.smallestVersion(forByteCount: capacity + 1) == (version == 40 ? nil : version + 1))
        }
    }
}
