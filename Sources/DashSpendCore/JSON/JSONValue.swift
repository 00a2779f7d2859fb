#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Any JSON value, decoded without a schema so that provider answers can be read leniently.
///
/// Provider APIs send the same field as a string in one answer and a number in the next, or leave it out.
/// Decoding into this tree never fails on a field's type; the typed accessors (`string`, `decimal`,
/// `int`, `bool`) then accept every spelling the wallets have seen and return nil for the rest.
public enum JSONValue: Sendable, Hashable, Codable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as an exact decimal.
    case number(Decimal)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])

    /// Decodes a JSON document; throws only when the bytes are not JSON. A number out of `Decimal`'s range
    /// (`1e400`) decodes as ``null`` and leaves the rest of the document readable.
    ///
    /// Most texts are read by a parser of this package (`JSONValueParser`); the rest, and every text that is
    /// not JSON, by `JSONDecoder`, so both read every text alike.
    public static func parse(_ data: Data) throws -> JSONValue {
        if let value = JSONValueParser.parse([UInt8](data)) { return value }
        return try JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        func decoded<T: Decodable>(_ type: T.Type) -> T? {
            // The shapes are tried in turn: a value of another shape throws, and the next shape is tried.
            try? container.decode(type)
        }
        if container.decodeNil() {
            self = .null
        } else if let value = decoded(Bool.self) {
            self = .bool(value)
        } else if let value = decoded(Decimal.self) {
            self = .number(value)
        } else if let value = decoded(String.self) {
            self = .string(value)
        } else if let value = decoded([JSONValue].self) {
            self = .array(value)
        } else if let value = decoded([String: JSONValue].self) {
            self = .object(value)
        } else {
            // The document is valid JSON (the decoder checks the syntax first), so this is a number no
            // Decimal holds (`1e400`): it reads as null instead of making the whole answer unreadable.
            self = .null
        }
    }

    /// Encodes the value as JSON.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// Encodes the value as compact JSON bytes.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Only a number JSON cannot spell (a NaN made in code) fails to encode: null is what JSON has for it.
        return (try? encoder.encode(self)) ?? Data("null".utf8)
    }
}

// MARK: - Lenient accessors

extension JSONValue {
    /// The member `key` of an object; nil for a missing key, JSON `null`, or when this is not an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self, let value = members[key] else { return nil }
        if case .null = value { return nil }
        return value
    }

    /// The members of an object, else nil.
    public var object: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The elements of an array, else nil.
    public var array: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// A string, or a number written as its plain decimal text; nil for anything else.
    public var string: String? {
        switch self {
        case .string(let value): return value
        case .number(let value): return value.description
        default: return nil
        }
    }

    /// A string that is not blank, trimmed; numbers become their decimal text.
    public var nonBlankString: String? {
        guard let text = string?.trimmedWhitespace, !text.isEmpty else { return nil }
        return text
    }

    /// A number, or a string holding a plain decimal number (`"12.50"`, `" 25 "`); nil for anything else.
    public var decimal: Decimal? {
        switch self {
        case .number(let value): return value
        case .string(let text): return Decimal(plainText: text)
        default: return nil
        }
    }

    /// ``decimal`` rounded half away from zero to a whole number, when it fits an `Int`.
    public var int: Int? { decimal?.roundedInteger }

    /// A boolean, or the strings `true`/`false` (any case), or the numbers 0 and 1.
    public var bool: Bool? {
        switch self {
        case .bool(let value): return value
        case .string(let text):
            switch text.trimmedWhitespace.lowercased() {
            case "true": return true
            case "false": return false
            default: return nil
            }
        case .number(let value):
            if value == 0 { return false }
            if value == 1 { return true }
            return nil
        default: return nil
        }
    }
}
