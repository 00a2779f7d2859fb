/// Writes strings as JSON string literals, without an encoder (for hand-built documents and SQL arguments).
public enum JSONStringLiteral {
    /// Appends `text` to `output` as a quoted JSON string: `"`, `\` and control characters (C0, DEL, C1)
    /// escaped, and the bidirectional controls (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069) too, so that no reader of the JSON
    /// gets a raw terminal control or a reversed code.
    public static func append(_ text: String, to output: inout String) {
        output += "\""
        // Most text needs no escape: one append instead of one per character (a batch `show` writes many).
        // 0xC2 leads C1 in UTF-8, 0xD8 U+061C, 0xE2 the other bidirectional controls.
        if !text.utf8.contains(where: {
            $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == 0x7F || $0 == 0xC2 || $0 == 0xD8
                || $0 == 0xE2
        }) {
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
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || isBidiControl(scalar):
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    /// Whether `scalar` is a bidirectional control: U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to
    /// U+2069 (it reorders the text shown after it).
    package static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
