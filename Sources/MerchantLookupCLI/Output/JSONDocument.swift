#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A JSON document with object keys kept in the order written, so output follows the documented contract
/// exactly, and `null` written where the contract says `number|null`.
indirect enum JSONDocument: Sendable, Equatable {
    case object([(String, JSONDocument)])
    case array([JSONDocument])
    case string(String)
    case integer(Int)
    case decimal(Decimal)
    case double(Double)
    case bool(Bool)
    case null

    static func == (lhs: JSONDocument, rhs: JSONDocument) -> Bool { lhs.serialized() == rhs.serialized() }

    /// The document on one line.
    func serialized() -> String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .object(let members):
            output += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output += "," }
                Self.writeString(key, to: &output)
                output += ":"
                value.write(to: &output)
            }
            output += "}"
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        case .string(let text): Self.writeString(text, to: &output)
        case .integer(let number): output += String(number)
        case .decimal(let number): output += "\(number)"
        case .double(let number):
            output += number.isFinite ? String((number * 1000).rounded() / 1000) : "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .null: output += "null"
        }
    }

    private static func writeString(_ text: String, to output: inout String) {
        output += "\""
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
