/// A barcode as modules: rows of dark and light modules, each module one unit (the X dimension) wide, and each
/// row ``rowHeight`` units high. A matrix code (QR) has square modules (a row height of 1); a stacked code
/// (PDF417) has rows 3 units high; a linear code (Code 128) is one row of bars as high as the symbol.
///
/// The quiet zone, the light margin a reader needs, is not among the modules: ``quietZone`` and
/// ``verticalQuietZone`` say how wide the format asks it to be, and ``isDark(row:column:)`` answers light
/// outside the symbol. Draw each dark module as a rectangle of `rowHeight` × 1 units, with the quiet zone
/// around the whole, and scale so that one unit is at least a few pixels (or points).
public struct BarcodeImage: Sendable, Hashable, CustomStringConvertible {
    /// Modules per row, without the quiet zone.
    public let width: Int
    /// Rows of modules.
    public let height: Int
    /// How many units high each row is (a unit is one module's width): 1 for square modules.
    public let rowHeight: Int
    /// Light modules the format asks for left and right of the symbol.
    public let quietZone: Int
    /// Light units the format asks for above and below the symbol (0 where it asks for none).
    public let verticalQuietZone: Int
    /// The modules row by row, `true` for dark.
    private let modules: [Bool]

    /// An image of `rows` (all equally long, `true` for dark).
    package init(rows: [[Bool]], rowHeight: Int, quietZone: Int, verticalQuietZone: Int) {
        precondition(Set(rows.map(\.count)).count <= 1, "rows of different lengths")
        precondition(rowHeight >= 1, "a row is at least one unit high")
        self.width = rows.first?.count ?? 0
        self.height = rows.count
        self.rowHeight = rowHeight
        self.quietZone = quietZone
        self.verticalQuietZone = verticalQuietZone
        self.modules = rows.flatMap { $0 }
    }

    /// Whether the module at `row` and `column` (both from 0, top-left) is dark. Outside the symbol (the
    /// quiet zone) every module is light.
    public func isDark(row: Int, column: Int) -> Bool {
        guard (0..<height).contains(row), (0..<width).contains(column) else { return false }
        return modules[row * width + column]
    }

    /// Whether the module at `row` and `column` is dark: the same as ``isDark(row:column:)``.
    public subscript(row: Int, column: Int) -> Bool { isDark(row: row, column: column) }

    /// The size in units with the quiet zone: what a drawing of one unit per pixel measures.
    public var extent: (width: Int, height: Int) {
        (width + 2 * quietZone, height * rowHeight + 2 * verticalQuietZone)
    }

    /// The size, without the modules (they may encode a secret).
    public var description: String {
        "BarcodeImage(\(width) × \(height) modules, rows \(rowHeight) high)"
    }
}
