/// The file types `order --barcode FILE` writes, told by the file's extension (any case).
enum BarcodeFileType: String, Sendable, CaseIterable {
    case png, svg

    /// The type of `path`, or nil for another extension or none.
    init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }

    /// `path` for the card at `index` (from 0) of `count`: the path itself for the first, `name-2.png` for the
    /// second, and so on.
    static func path(_ path: String, card index: Int) -> String {
        guard index > 0, let dot = path.lastIndex(of: ".") else { return path }
        return String(path[..<dot]) + "-\(index + 1)" + String(path[dot...])
    }
}
