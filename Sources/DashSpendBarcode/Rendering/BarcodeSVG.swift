/// A ``BarcodeImage`` as an SVG document: a white rectangle the size of the symbol with its quiet zone, and a
/// black rectangle for each run of dark modules in a row, in units of one module (`viewBox`), drawn
/// `moduleSize` pixels per unit, with `shape-rendering="crispEdges"` so that no edge is blurred.
enum BarcodeSVG {
    /// The document, UTF-8.
    package static func document(_ image: BarcodeImage, moduleSize: Int = 4) -> [UInt8] {
        let (width, height) = image.extent
        var svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 \(width) \(height)" \
            width="\(width * moduleSize)" height="\(height * moduleSize)" shape-rendering="crispEdges">
            <rect x="0" y="0" width="\(width)" height="\(height)" fill="#FFFFFF"/>
            <path fill="#000000" d="
            """
        var path: [String] = []
        for row in 0..<image.height {
            let y = image.verticalQuietZone + row * image.rowHeight
            var column = 0
            while column < image.width {
                guard image.isDark(row: row, column: column) else {
                    column += 1
                    continue
                }
                var end = column
                while end < image.width && image.isDark(row: row, column: end) { end += 1 }
                path.append("M\(image.quietZone + column) \(y)h\(end - column)v\(image.rowHeight)h-\(end - column)z")
                column = end
            }
        }
        svg += path.joined(separator: " ") + "\"/>\n</svg>\n"
        return Array(svg.utf8)
    }
}
