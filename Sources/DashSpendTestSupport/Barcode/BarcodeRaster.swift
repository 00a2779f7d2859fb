package import DashSpendBarcode

/// What a printer or a screen shows of a `BarcodeImage`: one module per unit, each row repeated as many units
/// as it is high, the image's quiet zone around (or `quietZone` on every side when given), as the rows of a
/// `ModuleImage` a reader is given.
package enum BarcodeRaster {
    /// The raster of `image`.
    package static func moduleImage(_ image: BarcodeImage, quietZone: Int? = nil) -> ModuleImage {
        let horizontal = quietZone ?? image.quietZone
        let vertical = quietZone ?? image.verticalQuietZone
        let width = image.width + 2 * horizontal
        let light = [Bool](repeating: false, count: width)
        var rows = [[Bool]](repeating: light, count: vertical)
        for row in 0..<image.height {
            let line = (0..<width).map { image.isDark(row: row, column: $0 - horizontal) }
            rows += [[Bool]](repeating: line, count: image.rowHeight)
        }
        return ModuleImage(rows: rows + [[Bool]](repeating: light, count: vertical))
    }
}
