/// Reads back text drawn with Unicode half blocks (`▀`, `▄`, `█`, space; two module rows per line), such as
/// `QRTerminalRenderer`'s output, into rows of modules: what a camera sees on the screen.
package enum HalfBlockText {
    /// What made the text unreadable.
    package struct Failure: Error, CustomStringConvertible {
        /// A one-line message.
        package let description: String
    }

    /// The module rows of `lines` (twice as many as lines), `true` where a glyph inks the half. `colorStart`
    /// and `colorReset`, when given, must open and close every line and are removed; any other escape or
    /// character is an error.
    package static func inkedRows(_ lines: [String], colorStart: String? = nil, colorReset: String? = nil) throws -> [[Bool]] {
        var rows: [[Bool]] = []
        for (number, line) in lines.enumerated() {
            let body = try uncoloured(line, number: number, colorStart: colorStart, colorReset: colorReset)
            var upper: [Bool] = []
            var lower: [Bool] = []
            for character in body {
                switch character {
                case "█": upper.append(true); lower.append(true)
                case "▀": upper.append(true); lower.append(false)
                case "▄": upper.append(false); lower.append(true)
                case " ": upper.append(false); lower.append(false)
                default:
                    throw Failure(description: "line \(number + 1) has \(String(character).debugDescription), not a half block")
                }
            }
            rows += [upper, lower]
        }
        guard Set(rows.map(\.count)).count <= 1 else { throw Failure(description: "the lines are not equally wide") }
        return rows
    }

    /// `line` without `colorStart` and `colorReset`, which must open and close it when given.
    static func uncoloured(_ line: String, number: Int, colorStart: String?, colorReset: String?) throws -> Substring {
        guard let colorStart, let colorReset else { return Substring(line) }
        guard line.hasPrefix(colorStart), line.hasSuffix(colorReset) else {
            throw Failure(description: "line \(number + 1) is not wrapped in the colour codes: \(line.debugDescription)")
        }
        return Substring(line).dropFirst(colorStart.count).dropLast(colorReset.count)
    }
}

extension HalfBlockText {
    /// The module rows of `lines` drawn with left and right half blocks (`▌`, `▐`, `█`, space; two modules per
    /// character, one row per line), such as a barcode's output with rows higher than a module; `true` where a
    /// glyph inks the half. Colours as in `inkedRows(_:colorStart:colorReset:)`.
    package static func inkedColumns(_ lines: [String], colorStart: String? = nil, colorReset: String? = nil) throws -> [[Bool]] {
        var rows: [[Bool]] = []
        for (number, line) in lines.enumerated() {
            let body = try uncoloured(line, number: number, colorStart: colorStart, colorReset: colorReset)
            var row: [Bool] = []
            for character in body {
                switch character {
                case "█": row += [true, true]
                case "▌": row += [true, false]
                case "▐": row += [false, true]
                case " ": row += [false, false]
                default:
                    throw Failure(description: "line \(number + 1) has \(String(character).debugDescription), not a half block")
                }
            }
            rows.append(row)
        }
        guard Set(rows.map(\.count)).count <= 1 else { throw Failure(description: "the lines are not equally wide") }
        return rows
    }
}
