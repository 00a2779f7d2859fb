/// Writes strings as JSON string literals, without an encoder (for hand-built documents and SQL arguments).
public enum JSONStringLiteral {
    /// Appends `text` to `output` as a quoted JSON string: `"`, `\` and control characters escaped.
    public static func append(_ text: String, to output: inout String) {
        output += "\""
        // Most text needs no escape: one append instead of one per character (a batch `show` writes many).
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            output += text
            output += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
