/// A PDF417 symbol (ISO/IEC 15438): bytes in byte compaction, error correction at the level the standard
/// recommends for their length, laid out in rows of 1 to 5 data columns (as close to square as that allows, 3
/// to 90 rows), each row with its start pattern, left row indicator, data, right row indicator and stop
/// pattern, drawn from the cluster of the row (0, 3, 6 in turn).
package struct PDF417Symbol: Sendable, Hashable {
    /// Data columns (codewords per row between the row indicators).
    package let columns: Int
    /// Rows.
    package let rows: Int
    /// The error-correction level, 0 to 8.
    package let level: Int
    /// Every codeword in reading order: the length descriptor, the data, the padding, the check codewords.
    package let codewords: [Int]

    /// Light modules around the symbol: 2 on every side (ISO/IEC 15438, 4.7.2).
    package static let quietZone = 2
    /// Units each row is high: 3 (the minimum the standard allows).
    package static let rowHeight = 3
    /// The start pattern (17 modules) and the stop pattern (18 modules, with its termination bar).
    static let startPattern: UInt32 = 0x1FEA8
    static let stopPattern: UInt32 = 0x3FA29
    /// The most codewords a symbol has: 928 (90 rows × 30 columns would be 2,700; the count is the limit).
    static let maximumCodewords = 928
    /// Latch to byte compaction for a count that is a multiple of 6 (924), or any count (901).
    static let byteLatchSix = 924
    static let byteLatch = 901
    /// The pad codeword (a latch to text compaction, which changes nothing).
    static let padCodeword = 900

    /// Encodes `bytes` in byte compaction.
    ///
    /// - Throws: ``BarcodeError/empty`` for no bytes, ``BarcodeError/tooLong(format:count:maximum:)`` beyond
    ///   what 928 codewords hold at the recommended level.
    package init(bytes: [UInt8], maximumColumns: Int = 5) throws(BarcodeError) {
        guard !bytes.isEmpty else { throw .empty }
        let data = Self.byteCompaction(bytes)
        guard Self.layout(dataCount: data.count + 1, maximumColumns: maximumColumns) != nil else {
            throw .tooLong(format: .pdf417, count: bytes.count, maximum: Self.byteCapacity)
        }
        try self.init(dataCodewords: data, maximumColumns: maximumColumns)
    }

    /// A symbol of `data` (codewords 0 to 928, compacted already, without the length descriptor), with the
    /// length descriptor, padding and the check codewords of the recommended level.
    ///
    /// - Throws: ``BarcodeError/tooLong(format:count:maximum:)`` (counting codewords) when no symbol holds them.
    package init(dataCodewords data: [Int], maximumColumns: Int = 5) throws(BarcodeError) {
        precondition(data.allSatisfy { (0..<929).contains($0) }, "a codeword beyond 928")
        // The length descriptor counts itself.
        let dataCount = data.count + 1
        guard let (columns, rows, level) = Self.layout(dataCount: dataCount, maximumColumns: maximumColumns) else {
            throw .tooLong(format: .pdf417, count: data.count, maximum: Self.maximumCodewords)
        }
        let checkCount = PDF417ErrorCorrection.checkCount(level: level)
        let padded = rows * columns - checkCount
        let message = [padded] + data + [Int](repeating: Self.padCodeword, count: padded - dataCount)
        self.columns = columns
        self.rows = rows
        self.level = level
        self.codewords = message + PDF417ErrorCorrection.checkCodewords(for: message, count: checkCount)
    }

    /// The level, columns and rows for `dataCount` data codewords (the length descriptor included), or nil.
    private static func layout(dataCount: Int, maximumColumns: Int) -> (columns: Int, rows: Int, level: Int)? {
        let level = PDF417ErrorCorrection.recommendedLevel(dataCount: dataCount)
        let total = dataCount + PDF417ErrorCorrection.checkCount(level: level)
        return layout(codewords: total, maximumColumns: maximumColumns).map { ($0.columns, $0.rows, level) }
    }

    /// The most bytes a symbol holds in byte compaction (every shorter count fits too): the data at level 5
    /// with its 64 check codewords, the latch and the length descriptor, laid out in at most 928 codewords.
    package static let byteCapacity: Int = {
        var count = 1
        while fits(byteCount: count + 1) { count += 1 }
        return count
    }()

    /// Whether `byteCount` bytes fit a symbol.
    private static func fits(byteCount: Int) -> Bool {
        layout(dataCount: byteCompaction([UInt8](repeating: 0, count: byteCount)).count + 1, maximumColumns: 5) != nil
    }

    /// Byte compaction (ISO/IEC 15438, 5.4.3): the latch, then each full group of 6 bytes as 5 base-900
    /// codewords, then (after latch 901 only) the remaining bytes one codeword each.
    package static func byteCompaction(_ bytes: [UInt8]) -> [Int] {
        var codewords = [bytes.count % 6 == 0 ? byteLatchSix : byteLatch]
        var index = 0
        while index + 6 <= bytes.count {
            var value: UInt64 = 0
            for byte in bytes[index..<(index + 6)] { value = value << 8 | UInt64(byte) }
            var group = [Int](repeating: 0, count: 5)
            for position in stride(from: 4, through: 0, by: -1) {
                group[position] = Int(value % 900)
                value /= 900
            }
            codewords += group
            index += 6
        }
        codewords += bytes[index...].map { Int($0) }
        return codewords
    }

    /// Columns and rows for `codewords` (data and check), or nil when no symbol holds them: the columns that
    /// make the symbol closest to square (a row is 3 units high, a codeword 17 wide), at most `maximumColumns`
    /// unless 90 rows need more, and the rows that hold them, at least 3; then, when those rows and columns
    /// exceed the 928 codewords a symbol may have, the fewest columns (up to 30) whose rows (at most 90) do not.
    package static func layout(codewords: Int, maximumColumns: Int) -> (columns: Int, rows: Int)? {
        guard codewords <= maximumCodewords else { return nil }
        func rows(_ columns: Int) -> Int { max(3, (codewords + columns - 1) / columns) }
        var columns = Int((3.0 * Double(codewords) / 17.0).squareRoot().rounded())
        columns = min(max(columns, 1), max(1, maximumColumns))
        while rows(columns) > 90 { columns += 1 }
        while columns <= 30 && (rows(columns) > 90 || rows(columns) * columns > maximumCodewords) { columns += 1 }
        return columns <= 30 ? (columns, rows(columns)) : nil
    }

    /// The left and right row indicators of `row` (ISO/IEC 15438, 5.5): each carries, by the row's cluster,
    /// the row count, the level or the column count, plus 30 × (row / 3).
    package func rowIndicators(row: Int) -> (left: Int, right: Int) {
        let base = 30 * (row / 3)
        let rowsPart = (rows - 1) / 3
        let levelPart = level * 3 + (rows - 1) % 3
        let columnsPart = columns - 1
        switch row % 3 {
        case 0: return (base + rowsPart, base + columnsPart)
        case 1: return (base + levelPart, base + rowsPart)
        default: return (base + columnsPart, base + levelPart)
        }
    }

    /// The modules of `row`: start, left indicator, data, right indicator, stop.
    package func modules(row: Int) -> [Bool] {
        let cluster = PDF417Clusters.patterns[row % 3]
        let (left, right) = rowIndicators(row: row)
        var line = Self.bits(Self.startPattern, count: 17) + Self.bits(cluster[left], count: 17)
        for column in 0..<columns { line += Self.bits(cluster[codewords[row * columns + column]], count: 17) }
        return line + Self.bits(cluster[right], count: 17) + Self.bits(Self.stopPattern, count: 18)
    }

    /// The symbol's modules, one image row per symbol row, each 3 units high.
    package var image: BarcodeImage {
        BarcodeImage(
            rows: (0..<rows).map(modules(row:)), rowHeight: Self.rowHeight, quietZone: Self.quietZone,
            verticalQuietZone: Self.quietZone)
    }

    /// The low `count` bits of `pattern`, most significant first, `true` for a bar.
    private static func bits(_ pattern: UInt32, count: Int) -> [Bool] {
        (0..<count).map { pattern >> (count - 1 - $0) & 1 == 1 }
    }
}
