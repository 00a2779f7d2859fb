import DashSpend

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Formatting shared by the text output.
enum OutputFormat {
    /// Basis points as a percentage: 300 → `3%`, 350 → `3.5%`, -150 → `-1.5%`; safe for any `Int`.
    static func percent(_ basisPoints: Int) -> String {
        (basisPoints < 0 ? "-" : "") + percent(magnitude: basisPoints.magnitude)
    }

    /// An unsigned number of basis points as a percentage (no overflow, even for `Int.min.magnitude`).
    private static func percent(magnitude: UInt) -> String {
        let sign = ""
        let whole = magnitude / 100
        let fraction = magnitude % 100
        if fraction == 0 { return "\(sign)\(whole)%" }
        let digits = fraction % 10 == 0 ? String(fraction / 10) : (fraction < 10 ? "0\(fraction)" : String(fraction))
        return "\(sign)\(whole).\(digits)%"
    }

    /// The discount as `search`, `show` and `buy` say it: `save 3%`, `fee 1.5%` when negative, `no discount`
    /// when zero.
    static func discount(_ basisPoints: Int) -> String {
        if basisPoints > 0 { return "save " + percent(basisPoints) }
        if basisPoints < 0 { return "fee " + percent(magnitude: basisPoints.magnitude) }
        return "no discount"
    }

    /// A money amount: `25`, `12.5`.
    static func amount(_ value: Decimal) -> String { value.exactText }

    /// A distance: `850 m`, `3.2 km`, `120 km`.
    static func distance(_ kilometres: Double) -> String {
        if kilometres < 1 { return "\(Int((kilometres * 1000).rounded())) m" }
        if kilometres < 100 { return "\((kilometres * 10).rounded() / 10) km" }
        return "\(Int(kilometres.rounded())) km"
    }

    /// A number of seconds as the age of a value: `12 s`, `5 min`, `3 h`, `2 d` (rounded down).
    static func age(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.down))
        if whole < 120 { return "\(whole) s" }
        if whole < 7_200 { return "\(whole / 60) min" }
        if whole < 172_800 { return "\(whole / 3_600) h" }
        return "\(whole / 86_400) d"
    }

    /// Pads `text` to `width` terminal columns (``TerminalText/columns(_:)``).
    static func pad(_ text: String, _ width: Int) -> String {
        let columns = TerminalText.columns(text)
        return columns >= width ? text : text + String(repeating: " ", count: width - columns)
    }

    /// A table with a header row; columns padded to their widest cell. Each cell is one line with its control
    /// characters escaped before it is measured, so a name from a database cannot break a row or its width.
    static func table(_ header: [String], _ rows: [[String]]) -> String {
        let all = ([header] + rows).map { row in row.map { TerminalText.sanitized($0, keepingNewlines: false) } }
        let widths = header.indices.map { column in all.map { TerminalText.columns($0[column]) }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { index, cell in index == row.count - 1 ? cell : pad(cell, widths[index]) }
                .joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}
