import DashSpend
import DashSpendCore
import DashSpendQR

/// Text from files and servers made safe for a terminal: control characters (C0 but the newline, DEL,
/// C1) become `\xNN`, so a merchant name or a server message cannot move the cursor, clear the screen or
/// forge extra lines; bidirectional controls (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069)
/// become `\uNNNN`, so a PIN or a name cannot be shown reversed.
enum TerminalText {
    /// `text` with control characters escaped; newlines kept when `keepingNewlines`.
    ///
    /// The two colour sequences of a payment QR code (``QRTerminalRenderer/colorStart`` and
    /// ``QRTerminalRenderer/colorReset``: fixed colours and a reset, nothing that moves the cursor) are kept.
    static func sanitized(_ text: String, keepingNewlines: Bool = true) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0, keepingNewlines: keepingNewlines) }) else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        let scalars = Array(text.unicodeScalars)
        var index = 0
        scanning: while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\u{1B}" {
                for kept in keptSequences where scalars[index...].starts(with: kept) {
                    result.unicodeScalars.append(contentsOf: kept)
                    index += kept.count
                    continue scanning
                }
            }
            index += 1
            if isControl(scalar, keepingNewlines: keepingNewlines) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                if scalar.value > 0xFF {
                    result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    result += "\\x" + (hex.count == 1 ? "0" + hex : hex)
                }
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The escape sequences ``sanitized(_:keepingNewlines:)`` keeps: the QR code's colours.
    private static let keptSequences = [QRTerminalRenderer.colorStart, QRTerminalRenderer.colorReset].map {
        Array($0.unicodeScalars)
    }

    /// The longest operand (a merchant id or name) quoted whole in a message.
    static let maximumQuotedLength = 80

    /// `text` cut to its first ``maximumQuotedLength`` characters and `…` when longer, so that a message
    /// quoting a pasted operand stays one readable line.
    static func clipped(_ text: String) -> String {
        text.count > maximumQuotedLength ? String(text.prefix(maximumQuotedLength)) + "…" : text
    }

    /// The columns `text` takes in a terminal: two for each East Asian wide or fullwidth character and each
    /// emoji shown as such, none for a lone combining mark or zero-width format character, one otherwise. An
    /// approximation of `wcswidth` that needs no locale; control characters must be escaped first.
    static func columns(_ text: String) -> Int {
        text.reduce(0) { total, character in total + columns(character) }
    }

    private static func columns(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if first.properties.isEmojiPresentation || character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) {
            return 2
        }
        if isWide(first.value) { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: return 1
        }
    }

    /// East Asian Wide (W) and Fullwidth (F) blocks: Hangul Jamo, CJK and its punctuation, kana, Hangul
    /// syllables, compatibility ideographs, fullwidth forms, and the supplementary ideographic planes.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    private static func isControl(_ scalar: Unicode.Scalar, keepingNewlines: Bool) -> Bool {
        let value = scalar.value
        if value == 0x0A { return !keepingNewlines }
        return value < 0x20 || (0x7F...0x9F).contains(value) || JSONStringLiteral.isBidiControl(scalar)
    }
}
