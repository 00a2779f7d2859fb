extension BarcodeImage {
    /// The image as a PNG file: black modules on white, the quiet zone included, `moduleSize` pixels per unit
    /// (at least 1), one bit per pixel.
    public func pngFile(moduleSize: Int = 4) -> [UInt8] {
        BarcodePNG.file(self, moduleSize: moduleSize)
    }

    /// The image as an SVG document (UTF-8): black modules on a white rectangle, the quiet zone included, in
    /// units of one module drawn `moduleSize` pixels each.
    public func svgDocument(moduleSize: Int = 4) -> [UInt8] {
        BarcodeSVG.document(self, moduleSize: moduleSize)
    }
}
