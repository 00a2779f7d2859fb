import DashSpend
import DashSpendCore

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
                JSONStringLiteral.append(key, to: &output)
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
        case .string(let text): JSONStringLiteral.append(text, to: &output)
        case .integer(let number): output += String(number)
        case .decimal(let number): output += number.exactText
        case .double(let number):
            output += number.isFinite ? String((number * 1000).rounded() / 1000) : "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .null: output += "null"
        }
    }
}
