/// Text from files and servers made safe for a terminal: control characters (C0 but the newline, DEL,
/// C1) become `\xNN`, so a merchant name or a server message cannot move the cursor, clear the screen or
/// forge extra lines.
enum TerminalText {
    /// `text` with control characters escaped; newlines kept when `keepingNewlines`.
    static func sanitized(_ text: String, keepingNewlines: Bool = true) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0, keepingNewlines: keepingNewlines) }) else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if isControl(scalar, keepingNewlines: keepingNewlines) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The longest operand (a merchant id or name) quoted whole in a message.
    static let maximumQuotedLength = 80

    /// `text` cut to its first ``maximumQuotedLength`` characters and `…` when longer, so that a message
    /// quoting a pasted operand stays one readable line.
    static func clipped(_ text: String) -> String {
        text.count > maximumQuotedLength ? String(text.prefix(maximumQuotedLength)) + "…" : text
    }

    private static func isControl(_ scalar: Unicode.Scalar, keepingNewlines: Bool) -> Bool {
        let value = scalar.value
        if value == 0x0A { return !keepingNewlines }
        return value < 0x20 || (0x7F...0x9F).contains(value)
    }
}
