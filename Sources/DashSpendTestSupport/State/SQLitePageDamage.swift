import Foundation

/// Damage confined to one table of an SQLite file: a page that holds a marker only that table's rows carry,
/// overwritten, the rest of the file left as it was.
package enum SQLitePageDamage {
    /// What went wrong.
    package struct Problem: Error, CustomStringConvertible {
        package let description: String
    }

    /// Overwrites one page (not the first, and not the first or last of those that hold `marker`: a leaf in
    /// the middle of the table) of the SQLite file at `path` that holds `marker`, and returns its number
    /// (from 1). Throws when fewer than three pages hold it.
    @discardableResult
    package static func damagePage(of path: String, holding marker: String) throws -> Int {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        guard bytes.count > 100 else { throw Problem(description: "\(path) is not an SQLite file") }
        let declared = Int(bytes[16]) << 8 | Int(bytes[17])
        let pageSize = declared == 1 ? 65_536 : declared
        let needle = Array(marker.utf8)
        var holding: [Int] = []
        for page in 1..<(bytes.count / pageSize) {
            let range = (page * pageSize)..<((page + 1) * pageSize)
            if Self.contains(bytes[range], needle) { holding.append(page) }
        }
        guard holding.count > 2 else {
            throw Problem(description: "only \(holding.count) pages of \(path) hold \(marker): write more rows")
        }
        let page = holding[holding.count / 2]
        for index in (page * pageSize)..<((page + 1) * pageSize) { bytes[index] = 0xA5 }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return page + 1
    }

    /// Whether `needle` occurs in `bytes` (Collection.firstRange(of:) is iOS 16 / macOS 13).
    private static func contains(_ bytes: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, bytes.count >= needle.count else { return needle.isEmpty }
        var start = bytes.startIndex
        while start <= bytes.endIndex - needle.count {
            if bytes[start..<(start + needle.count)].elementsEqual(needle) { return true }
            start += 1
        }
        return false
    }
}
