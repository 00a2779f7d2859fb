/// The symbol while it is being built: every module's colour and whether it belongs to a function pattern
/// (finders, separators, timing, alignment, format and version information, the dark module), which data and
/// masks never touch. Rows and columns count from the top-left corner, from 0.
package struct QRMatrix: Sendable, Hashable {
    /// Modules per side.
    package let size: Int
    /// The colours, row by row (`true` is dark).
    package private(set) var modules: [Bool]
    /// Which modules belong to a function pattern, row by row.
    private(set) var isFunction: [Bool]

    /// A symbol of `version` with its function patterns drawn, the format information reserved (all light
    /// until `drawFormat(mask:)`) and, from version 7, the version information drawn.
    package init(version: Int) {
        size = QRVersionTable.size(version: version)
        modules = [Bool](repeating: false, count: size * size)
        isFunction = [Bool](repeating: false, count: size * size)
        drawTimingPatterns()
        for (row, column) in [(3, 3), (3, size - 4), (size - 4, 3)] {
            drawFinderPattern(centreRow: row, centreColumn: column)
        }
        drawAlignmentPatterns(version: version)
        drawFormat(bits: 0)
        if version >= 7 { drawVersion(version) }
    }

    /// The colour of one module.
    package subscript(row: Int, column: Int) -> Bool {
        modules[row * size + column]
    }

    // MARK: - Function patterns

    private mutating func setFunction(row: Int, column: Int, dark: Bool) {
        modules[row * size + column] = dark
        isFunction[row * size + column] = true
    }

    /// Row 6 and column 6: alternating, dark on even positions (the finders overwrite both ends).
    private mutating func drawTimingPatterns() {
        for index in 0..<size {
            setFunction(row: 6, column: index, dark: index % 2 == 0)
            setFunction(row: index, column: 6, dark: index % 2 == 0)
        }
    }

    /// A 7 × 7 finder pattern (dark ring, light ring, dark 3 × 3 core) and its light separator, clipped at the
    /// symbol's edge.
    private mutating func drawFinderPattern(centreRow: Int, centreColumn: Int) {
        for dy in -4...4 {
            for dx in -4...4 {
                let row = centreRow + dy
                let column = centreColumn + dx
                guard (0..<size).contains(row), (0..<size).contains(column) else { continue }
                let ring = max(abs(dx), abs(dy))
                setFunction(row: row, column: column, dark: ring != 2 && ring != 4)
            }
        }
    }

    /// A 5 × 5 alignment pattern at every combination of the version's centres, except the three that would
    /// overlap a finder pattern.
    private mutating func drawAlignmentPatterns(version: Int) {
        let centres = QRVersionTable.alignmentPatternCentres(version: version)
        guard let first = centres.first, let last = centres.last else { return }
        for row in centres {
            for column in centres {
                if (row == first && column == first) || (row == first && column == last) || (row == last && column == first) {
                    continue
                }
                for dy in -2...2 {
                    for dx in -2...2 {
                        setFunction(row: row + dy, column: column + dx, dark: max(abs(dx), abs(dy)) != 1)
                    }
                }
            }
        }
    }

    /// Draws the format information for level M and `mask`, both copies, and the dark module.
    mutating func drawFormat(mask: QRMask) {
        drawFormat(bits: QRInformationBits.format(mask: mask))
    }

    /// The 15 format bits, bit 0 the least significant: the first copy around the top-left finder (bits 0–7
    /// down column 8, skipping the timing row; bits 8–14 leftwards along row 8, skipping the timing column),
    /// the second split between row 8 on the right (bits 0–7, right to left) and column 8 at the bottom
    /// (bits 8–14, top to bottom); the module above that, (size − 8, 8), is always dark.
    private mutating func drawFormat(bits: Int) {
        func bit(_ index: Int) -> Bool { bits >> index & 1 == 1 }
        for index in 0...5 { setFunction(row: index, column: 8, dark: bit(index)) }
        setFunction(row: 7, column: 8, dark: bit(6))
        setFunction(row: 8, column: 8, dark: bit(7))
        setFunction(row: 8, column: 7, dark: bit(8))
        for index in 9..<15 { setFunction(row: 8, column: 14 - index, dark: bit(index)) }

        for index in 0..<8 { setFunction(row: 8, column: size - 1 - index, dark: bit(index)) }
        for index in 8..<15 { setFunction(row: size - 15 + index, column: 8, dark: bit(index)) }
        setFunction(row: size - 8, column: 8, dark: true)
    }

    /// The 18 version bits, twice: a 6 × 3 block above the bottom-left finder (bit i at row size − 11 + i % 3,
    /// column i / 3) and its transpose left of the top-right finder.
    private mutating func drawVersion(_ version: Int) {
        let bits = QRInformationBits.version(version)
        for index in 0..<18 {
            let dark = bits >> index & 1 == 1
            let near = index / 3
            let far = size - 11 + index % 3
            setFunction(row: far, column: near, dark: dark)
            setFunction(row: near, column: far, dark: dark)
        }
    }

    // MARK: - Data

    /// Places `codewords` (most significant bit first) in the zigzag order of 7.7.3: two-module-wide columns
    /// from the right edge leftwards, alternately upwards and downwards, right module before left, skipping
    /// function modules and the vertical timing column. Modules left over are the remainder bits (light).
    package mutating func place(codewords: [UInt8]) {
        let bitCount = codewords.count * 8
        var bitIndex = 0
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            let upwards = (right + 1) & 2 == 0
            for step in 0..<size {
                let row = upwards ? size - 1 - step : step
                for offset in 0..<2 where bitIndex < bitCount && !isFunction[row * size + right - offset] {
                    modules[row * size + right - offset] = codewords[bitIndex >> 3] >> (7 - bitIndex & 7) & 1 == 1
                    bitIndex += 1
                }
            }
            right -= 2
        }
        precondition(bitIndex == bitCount, "\(bitCount - bitIndex) bits did not fit in the symbol")
    }

    /// Inverts every module that is not part of a function pattern where `mask` says so (applying it twice
    /// undoes it).
    package mutating func apply(_ mask: QRMask) {
        let size = size
        isFunction.withUnsafeBufferPointer { isFunction in
            modules.withUnsafeMutableBufferPointer { modules in
                for row in 0..<size {
                    for column in 0..<size where !isFunction[row * size + column] && mask.inverts(row: row, column: column) {
                        modules[row * size + column].toggle()
                    }
                }
            }
        }
    }
}
