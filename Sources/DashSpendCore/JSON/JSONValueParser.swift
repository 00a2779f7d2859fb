#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Parses the common run of JSON texts into ``JSONValue`` without `JSONDecoder`, and declines the rest.
///
/// `JSONDecoder` is generic code inside Foundation: one decode instantiates its metadata by mangled name
/// and walks its containers, about 500,000 instructions and a few dozen code pages at the first call, a
/// tenth of an offline `show` that reads a stored answer. This parser reads the same grammar by hand. It
/// answers nil, and the caller asks `JSONDecoder`, for every text it is not sure to read exactly as
/// `JSONDecoder` does: a number with an exponent or more than 38 digits, a key given twice in one object, a
/// lone surrogate escape, nesting deeper than 64, and every text that is not JSON. So what it returns is
/// always what `JSONDecoder` would have returned (a test compares the two over random and damaged texts).
package struct JSONValueParser {
    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    /// How deep arrays and objects may nest before the parser declines.
    static let depthLimit = 64

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The value `text` holds, or nil when it is not JSON or not of the run this parser reads.
    package static func parse(_ text: String) -> JSONValue? {
        parseValidUTF8(Array(text.utf8))
    }

    /// The value `bytes` hold (UTF-8), or nil when they are not JSON or not of the run this parser reads.
    package static func parse(_ bytes: [UInt8]) -> JSONValue? {
        // Bytes that are not UTF-8: JSONDecoder refuses them; decoding here would repair them.
        guard String(decoding: bytes, as: UTF8.self).utf8.elementsEqual(bytes) else { return nil }
        return parseValidUTF8(bytes)
    }

    private static func parseValidUTF8(_ bytes: [UInt8]) -> JSONValue? {
        var parser = JSONValueParser(bytes)
        guard let value = parser.value() else { return nil }
        parser.skipWhitespace()
        return parser.index == parser.bytes.count ? value : nil
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func value() -> JSONValue? {
        skipWhitespace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return object()
        case UInt8(ascii: "["): return array()
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return number()
        }
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) -> JSONValue? {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return nil }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return nil }
        index += count
        return value
    }

    private mutating func object() -> JSONValue? {
        guard depth < Self.depthLimit else { return nil }
        depth += 1
        defer { depth -= 1 }
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            // A key given twice: readers differ on which one wins.
            guard let member = value(), members.updateValue(member, forKey: key) == nil else { return nil }
            skipWhitespace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            default: return nil
            }
        }
    }

    private mutating func array() -> JSONValue? {
        guard depth < Self.depthLimit else { return nil }
        depth += 1
        defer { depth -= 1 }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            guard let element = value() else { return nil }
            elements.append(element)
            skipWhitespace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(elements)
            default: return nil
            }
        }
    }

    /// A string literal, the index at its opening quote; nil for a raw control character, an unknown escape
    /// or a lone surrogate.
    private mutating func string() -> String? {
        index += 1
        let start = index
        // The common case: no escape, one copy of the bytes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                return String(decoding: bytes[start..<index], as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { return nil }
            index += 1
        }
        var text = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeEscape() else { return nil }
                    text.append(contentsOf: String(scalar).utf8)
                default: return nil
                }
            default:
                if byte < 0x20 { return nil }
                text.append(byte)
                index += 1
            }
        }
        return nil
    }

    /// The scalar of a `\u` escape (the index after the `u`), a surrogate pair read whole; nil for a lone
    /// surrogate or bad hex.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let high = hexQuad() else { return nil }
        switch high {
        case 0xD800...0xDBFF:
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { return nil }
            index += 2
            guard let low = hexQuad(), (0xDC00...0xDFFF).contains(low) else { return nil }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        case 0xDC00...0xDFFF: return nil
        default: return Unicode.Scalar(high)
        }
    }

    private mutating func hexQuad() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// A number in JSON's grammar without an exponent (`-0`, `12`, `12.50`), of at most 38 digits; nil for
    /// anything else.
    private mutating func number() -> JSONValue? {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        var digits = index - integerStart
        // No leading zero ("01" is not JSON) and at least one digit.
        guard digits > 0, digits == 1 || bytes[integerStart] != UInt8(ascii: "0") else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard index > fractionStart else { return nil }
            digits += index - fractionStart
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") { return nil }
        guard digits <= 38, let value = Decimal(string: String(decoding: bytes[start..<index], as: UTF8.self)) else {
            return nil
        }
        return .number(value)
    }
}
