import DashSpendBarcode
import Testing

/// The PDF417 encoder's parts against ISO/IEC 15438: the cluster tables' structure, the Reed-Solomon code over
/// GF(929), byte compaction, the layout and the row indicators.
@Suite("PDF417 clusters, error correction, compaction and layout")
struct PDF417SymbolTests {
    /// The bar and space widths of a 17-module pattern, first bar first.
    static func elements(_ pattern: UInt32) -> [Int] {
        var widths: [Int] = []
        var previous: UInt32?
        for shift in stride(from: 16, through: 0, by: -1) {
            let bit = pattern >> UInt32(shift) & 1
            if bit == previous { widths[widths.count - 1] += 1 } else { widths.append(1) }
            previous = bit
        }
        return widths
    }

    @Test("Every pattern of every cluster: a bar first, 4 bars and 4 spaces of 1 to 6 modules, its cluster number")
    func clusters() {
        #expect(PDF417Clusters.patterns.count == 3)
        for (index, cluster) in PDF417Clusters.patterns.enumerated() {
            #expect(cluster.count == 929)
            #expect(Set(cluster).count == 929, "cluster \(3 * index) has a pattern twice")
            for (codeword, pattern) in cluster.enumerated() {
                let widths = Self.elements(pattern)
                #expect(pattern >> 16 == 1 && pattern < 1 << 17, "cluster \(3 * index), codeword \(codeword)")
                #expect(widths.count == 8 && widths.allSatisfy { (1...6).contains($0) }, "cluster \(3 * index), \(codeword)")
                #expect((widths[0] - widths[2] + widths[4] - widths[6] + 9) % 9 == 3 * index, "cluster of \(codeword)")
            }
        }
        // No pattern belongs to two clusters.
        #expect(Set(PDF417Clusters.patterns.flatMap { $0 }).count == 3 * 929)
    }

    @Test("The generator polynomials are the standard's (annex F: k = 2 is 27, 917; k = 4 is 522, 568, 723, 809)")
    func generators() {
        // Annex F lists the coefficients from x⁰ up, without the leading 1.
        #expect(Array(PDF417ErrorCorrection.generator(count: 2).reversed().dropLast()) == [27, 917])
        #expect(Array(PDF417ErrorCorrection.generator(count: 4).reversed().dropLast()) == [522, 568, 723, 809])
        #expect(
            Array(PDF417ErrorCorrection.generator(count: 8).reversed().dropLast()) == [237, 308, 436, 284, 646, 653, 428, 379])
    }

    @Test("Data and check codewords together vanish at 3¹ … 3ᵏ (the syndromes a reader computes are zero)")
    func syndromes() {
        let data = [16, 901, 54, 800, 3, 928, 0, 17, 900, 900, 900, 12, 77, 411, 5, 6]
        for level in 0...5 {
            let count = PDF417ErrorCorrection.checkCount(level: level)
            let codewords = data + PDF417ErrorCorrection.checkCodewords(for: data, count: count)
            var root = 1
            for _ in 1...count {
                root = root * 3 % 929
                let value = codewords.reduce(0) { ($0 * root + $1) % 929 }
                #expect(value == 0, "level \(level), root \(root)")
            }
        }
    }

    @Test("Byte compaction: 6 bytes become 5 base-900 codewords after 924; a remainder goes one byte each after 901")
    func byteCompaction() {
        let six: [UInt8] = [0x01, 0x02, 0x03, 0x04, 0x05, 0x06]
        var value = 0
        for byte in six { value = value << 8 | Int(byte) }
        var expected: [Int] = []
        for _ in 0..<5 {
            expected.insert(value % 900, at: 0)
            value /= 900
        }
        #expect(PDF417Symbol.byteCompaction(six) == [924] + expected)
        #expect(PDF417Symbol.byteCompaction(six + [0x41]) == [901] + expected + [0x41])
        #expect(PDF417Symbol.byteCompaction([0x41, 0x42]) == [901, 0x41, 0x42])
    }

    @Test("The length descriptor counts data and padding; the row indicators carry rows, columns and level")
    func layout() throws {
        let symbol = try PDF417Symbol(bytes: Array("6006491234567890".utf8))
        #expect(symbol.codewords[0] == symbol.rows * symbol.columns - PDF417ErrorCorrection.checkCount(level: symbol.level))
        #expect(symbol.codewords.count == symbol.rows * symbol.columns)
        #expect(symbol.level == 2)
        #expect((3...90).contains(symbol.rows) && (1...5).contains(symbol.columns))
        let (left, right) = symbol.rowIndicators(row: 0)
        #expect(left == (symbol.rows - 1) / 3 && right == symbol.columns - 1)
        let second = symbol.rowIndicators(row: 1)
        #expect(second.left == symbol.level * 3 + (symbol.rows - 1) % 3)
        #expect(symbol.modules(row: 0).count == 17 * (symbol.columns + 4) + 1)
        #expect(symbol.image.rowHeight == 3 && symbol.image.quietZone == 2)
    }

    @Test("The level grows with the data (table 8) and the capacity is refused beyond")
    func levelsAndCapacity() throws {
        #expect(try PDF417Symbol(bytes: [UInt8](repeating: 65, count: 30)).level == 2)
        #expect(try PDF417Symbol(bytes: [UInt8](repeating: 65, count: 100)).level == 3)
        #expect(try PDF417Symbol(bytes: [UInt8](repeating: 65, count: 300)).level == 4)
        #expect(try PDF417Symbol(bytes: [UInt8](repeating: 65, count: 600)).level == 5)
        let capacity = PDF417Symbol.byteCapacity
        #expect(try PDF417Symbol(bytes: [UInt8](repeating: 65, count: capacity)).codewords.count <= 928)
        #expect(throws: BarcodeError.tooLong(format: .pdf417, count: capacity + 1, maximum: capacity)) {
            try PDF417Symbol(bytes: [UInt8](repeating: 65, count: capacity + 1))
        }
        #expect(throws: BarcodeError.empty) { try PDF417Symbol(bytes: []) }
    }
}
