/// A plain-text table with a header row, columns padded to their widest cell (numbers right-aligned).
struct TextTable {
    /// The column titles.
    let headers: [String]
    /// The rows, one string per column.
    private(set) var rows: [[String]] = []

    /// Creates an empty table.
    init(_ headers: [String]) { self.headers = headers }

    /// Adds a row.
    mutating func add(_ row: [String]) { rows.append(row) }

    /// The table as lines of text.
    var rendered: String {
        let widths = headers.indices.map { column in
            ([headers[column]] + rows.map { column < $0.count ? $0[column] : "" }).map(\.count).max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.indices.map { column in
                let cell = cells[column]
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                let numeric = cell.first.map { $0.isNumber || $0 == "-" } ?? false
                return column > 0 && numeric ? padding + cell : cell + padding
            }.joined(separator: " | ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "-|-")
        return ([line(headers), rule] + rows.map(line)).joined(separator: "\n")
    }

    /// `value` with `digits` decimals.
    static func number(_ value: Double, _ digits: Int = 2) -> String {
        guard value.isFinite else { return "n/a" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int64((abs(value) * scale).rounded())
        let whole = scaled / Int64(scale)
        var fraction = String(scaled % Int64(scale))
        fraction = String(repeating: "0", count: max(0, digits - fraction.count)) + fraction
        return (value < 0 && scaled != 0 ? "-" : "") + String(whole) + (digits > 0 ? "." + fraction : "")
    }

    /// Milliseconds, with decimals chosen by size.
    static func milliseconds(_ value: Double) -> String {
        number(value, value < 1 ? 3 : value < 100 ? 2 : 1) + " ms"
    }

    /// A ratio such as `1.07x`.
    static func ratio(_ value: Double) -> String { number(value, 2) + "x" }
}
