/// The tokens of an SQL statement as SQLite's tokenizer splits it, for `SchemaStatement`: names bare or
/// quoted, one-character symbols, comments skipped. Text that does not end (an open quote or comment) ends
/// the tokens.
struct SQLTokens {
    /// One token.
    enum Token: Equatable {
        /// A bare word: a keyword, a name, or a number.
        case word(String)
        /// A quoted name or string, its quotes removed and doubled quotes undone.
        case quoted(String)
        /// Any other character.
        case symbol(Character)
    }

    private let bytes: [UInt8]
    private var index = 0

    init(_ sql: String) {
        bytes = Array(sql.utf8)
    }

    /// The next token when it is a bare word; nil for anything else.
    mutating func nextWord() -> String? {
        if case .word(let word)? = next() { return word }
        return nil
    }

    /// Whether `word` is one of `keywords` (uppercase), compared as SQLite compares keywords (ASCII letters
    /// in any case), without making a string.
    static func isKeyword(_ word: String, _ keywords: StaticString...) -> Bool {
        var word = word
        return word.withUTF8 { bytes in keywords.contains { matches(bytes, $0) } }
    }

    /// Whether `bytes` spell `keyword` (uppercase) in any case of ASCII letters.
    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ keyword: StaticString) -> Bool {
        guard keyword.utf8CodeUnitCount == bytes.count else { return false }
        for offset in 0..<bytes.count {
            let byte = bytes[offset]
            let upper = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) ? byte - 0x20 : byte
            guard upper == keyword.utf8Start[offset] else { return false }
        }
        return true
    }

    /// Skips to the comma or closing parenthesis that ends the current item of a parenthesised list (those
    /// inside nested parentheses do not count) and returns it; nil when the statement ends first, or when
    /// `AS` or `GENERATED` (a generated column) is a bare word of the item outside its nested parentheses.
    /// Reads the bytes in place: the words of a column's type and constraints are never made strings.
    mutating func skipToItemEnd() -> Token? {
        var depth = 0
        while true {
            skipSpaceAndComments()
            guard index < bytes.count else { return nil }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "`"), UInt8(ascii: "["):
                guard quoted(closingWith: byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : byte) != nil else { return nil }
            case _ where Self.isWordByte(byte):
                let start = index
                while index < bytes.count, Self.isWordByte(bytes[index]) { index += 1 }
                guard depth == 0 else { continue }
                let isGenerated = bytes.withUnsafeBufferPointer { all in
                    let word = UnsafeBufferPointer(rebasing: all[start..<index])
                    return Self.matches(word, "AS") || Self.matches(word, "GENERATED")
                }
                if isGenerated { return nil }
            case UInt8(ascii: "("):
                index += 1
                depth += 1
            case UInt8(ascii: ")"):
                index += 1
                guard depth > 0 else { return .symbol(")") }
                depth -= 1
            case UInt8(ascii: ","):
                index += 1
                if depth == 0 { return .symbol(",") }
            default:
                // Any other character, with the continuation bytes of a longer one.
                index += 1
                while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
            }
        }
    }

    mutating func next() -> Token? {
        skipSpaceAndComments()
        guard index < bytes.count else { return nil }
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "`"): return quoted(closingWith: byte)
        case UInt8(ascii: "["): return quoted(closingWith: UInt8(ascii: "]"))
        case _ where Self.isWordByte(byte):
            let start = index
            while index < bytes.count, Self.isWordByte(bytes[index]) { index += 1 }
            return .word(String(decoding: bytes[start..<index], as: UTF8.self))
        default:
            // A symbol is one ASCII character; a stray byte of a longer character is read with its character.
            let start = index
            index += 1
            while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self).first.map(Token.symbol)
        }
    }

    /// Letters, digits, `_`, `$` and every non-ASCII character make up SQLite's bare names.
    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...:
            true
        default: false
        }
    }

    /// A quoted token, the index at its opening quote; a doubled closing quote stands for one (not in `[…]`).
    private mutating func quoted(closingWith close: UInt8) -> Token? {
        let doubles = close != UInt8(ascii: "]")
        index += 1
        var text: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == close {
                guard doubles, index < bytes.count, bytes[index] == close else {
                    return .quoted(String(decoding: text, as: UTF8.self))
                }
                index += 1
            }
            text.append(byte)
        }
        return nil
    }

    private mutating func skipSpaceAndComments() {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                index += 1
            } else if byte == UInt8(ascii: "-"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "-") {
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index < bytes.count,
                    !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"))
                {
                    index += 1
                }
                index = min(index + 2, bytes.count)
            } else {
                return
            }
        }
    }
}
