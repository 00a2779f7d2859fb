/// The mask evaluation of ISO/IEC 18004, 7.8.3: penalty points for features that make a symbol hard to read;
/// the encoder keeps the mask with the fewest.
///
/// - N1 = 3: each run of five or more modules of one colour in a row or column scores 3 plus 1 per module
///   beyond five.
/// - N2 = 3: each 2 × 2 block of one colour (overlapping blocks each count).
/// - N3 = 40: each finder-like 1:1:3:1:1 pattern (dark, light, dark × 3, light, dark) in a row or column with
///   four light modules on one side; the quiet zone around the symbol counts as light, as a reader sees it.
/// - N4 = 10: per full 5 % by which the share of dark modules differs from 50 %.
package enum QRPenalty {
    /// The total penalty of a square matrix of `size` modules given row by row (`true` is dark).
    package static func score(_ modules: [Bool], size: Int) -> Int {
        runs(modules, size: size) + blocks(modules, size: size) + finderLikePatterns(modules, size: size)
            + balance(modules, size: size)
    }

    /// N1: runs of five or more modules of one colour, in rows and columns.
    package static func runs(_ modules: [Bool], size: Int) -> Int {
        modules.withUnsafeBufferPointer { module in
            var points = 0
            for line in 0..<size {
                // The row `line` and the column `line`, side by side.
                var rowColour = module[line * size]
                var rowLength = 1
                var columnColour = module[line]
                var columnLength = 1
                for index in 1..<size {
                    let inRow = module[line * size + index]
                    if inRow == rowColour {
                        rowLength += 1
                    } else {
                        if rowLength >= 5 { points += rowLength - 2 }
                        rowColour = inRow
                        rowLength = 1
                    }
                    let inColumn = module[index * size + line]
                    if inColumn == columnColour {
                        columnLength += 1
                    } else {
                        if columnLength >= 5 { points += columnLength - 2 }
                        columnColour = inColumn
                        columnLength = 1
                    }
                }
                if rowLength >= 5 { points += rowLength - 2 }
                if columnLength >= 5 { points += columnLength - 2 }
            }
            return points
        }
    }

    /// N2: 2 × 2 blocks of one colour.
    package static func blocks(_ modules: [Bool], size: Int) -> Int {
        modules.withUnsafeBufferPointer { module in
            var points = 0
            for row in 0..<(size - 1) {
                for column in 0..<(size - 1) {
                    let index = row * size + column
                    let colour = module[index]
                    if module[index + 1] == colour && module[index + size] == colour && module[index + size + 1] == colour {
                        points += 3
                    }
                }
            }
            return points
        }
    }

    /// N3: 1011101 with 0000 before or after it (each counted), in rows and columns, the quiet zone light.
    package static func finderLikePatterns(_ modules: [Bool], size: Int) -> Int {
        let before = 0b000_0101_1101
        let after = 0b101_1101_0000
        return modules.withUnsafeBufferPointer { module in
            var points = 0
            for line in 0..<size {
                // The last 11 modules of the row `line` and of the column `line`, the newest in bit 0; the
                // four light modules of quiet zone before the symbol are the zeros they start with.
                var row = 0
                var column = 0
                for index in 0..<(size + 4) {
                    let inSymbol = index < size
                    row = (row << 1 | (inSymbol && module[line * size + index] ? 1 : 0)) & 0x7FF
                    column = (column << 1 | (inSymbol && module[index * size + line] ? 1 : 0)) & 0x7FF
                    if index >= 6 {
                        if row == before || row == after { points += 40 }
                        if column == before || column == after { points += 40 }
                    }
                }
            }
            return points
        }
    }

    /// N4: 10 points per full 5 % between the share of dark modules and one half.
    package static func balance(_ modules: [Bool], size: Int) -> Int {
        let total = size * size
        let dark = modules.withUnsafeBufferPointer { module in
            var dark = 0
            for index in 0..<total where module[index] { dark += 1 }
            return dark
        }
        return 10 * (abs(20 * dark - 10 * total) / total)
    }
}
