/// A black-and-white raster of modules (`true` is dark), written as a binary PGM image that `zbarimg` reads.
package struct ModuleImage: Sendable, Hashable {
    /// The modules, row by row.
    package let rows: [[Bool]]

    /// An image of `rows` as they are (they must all be equally long).
    package init(rows: [[Bool]]) {
        precondition(Set(rows.map(\.count)).count <= 1, "rows of different lengths")
        self.rows = rows
    }

    /// The modules of `isDark` for rows and columns `0 ..< size`, with `quietZone` light modules added on
    /// every side.
    package init(size: Int, quietZone: Int, isDark: (_ row: Int, _ column: Int) -> Bool) {
        let range = -quietZone..<(size + quietZone)
        rows = range.map { row in
            range.map { column in (0..<size).contains(row) && (0..<size).contains(column) && isDark(row, column) }
        }
    }

    /// A binary PGM (P5) of the modules, each `scale` × `scale` pixels, black (0) for dark and white (255).
    package func pgm(scale: Int) -> [UInt8] {
        let width = (rows.first?.count ?? 0) * scale
        var bytes = Array("P5\n\(width) \(rows.count * scale)\n255\n".utf8)
        bytes.reserveCapacity(bytes.count + width * rows.count * scale)
        for row in rows {
            let line = row.flatMap { [UInt8](repeating: $0 ? 0 : 255, count: scale) }
            for _ in 0..<scale { bytes += line }
        }
        return bytes
    }
}
