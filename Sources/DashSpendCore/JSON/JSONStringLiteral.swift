/// Writes strings as JSON string literals, without an encoder (for hand-built documents and SQL arguments).
public enum JSONStringLiteral {
    /// Appends `text` to `output` as a quoted JSON string: `"`, `\` and control characters (C0, DEL, C1)
    /// escaped, and the bidirectional controls (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069) too, so that no reader of the JSON
    /// gets a raw terminal control or a reversed code.
    public static func append(_ text: String, to output: inout String) {
        var bytes: [UInt8] = []
        append(text, to: &bytes)
        output += String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text` to the UTF-8 bytes `output` as a quoted JSON string, escaped as the
    /// `String` form escapes it. Writing a whole document into one byte buffer costs a tenth of
    /// appending its pieces to a `String` (each `+=` goes through the string's generic growth path).
    package static func append(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Most text needs no escape: one append instead of one per character (a batch `show` writes many).
        // 0xC2 leads C1 in UTF-8, 0xD8 U+061C, 0xE2 the other bidirectional controls.
        if !text.utf8.contains(where: {
            $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == 0x7F || $0 == 0xC2 || $0 == 0xD8
                || $0 == 0xE2
        }) {
            output.append(contentsOf: text.utf8)
            output.append(UInt8(ascii: "\""))
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output.append(contentsOf: "\\\"".utf8)
            case "\\": output.append(contentsOf: "\\\\".utf8)
            case "\n": output.append(contentsOf: "\\n".utf8)
            case "\r": output.append(contentsOf: "\\r".utf8)
            case "\t": output.append(contentsOf: "\\t".utf8)
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || isBidiControl(scalar):
                let hex = String(scalar.value, radix: 16)
                output.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default: output.append(contentsOf: String(scalar).utf8)
            }
        }
        output.append(UInt8(ascii: "\""))
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
