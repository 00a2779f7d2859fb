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
        var output: [UInt8] = []
        output.reserveCapacity(1_024)
        write(to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Writes the document as UTF-8 bytes: appending each piece to a `String` instead cost about 370
    /// instructions a piece (a `show --json` writes a thousand), a twentieth of the whole command.
    private func write(to output: inout [UInt8]) {
        switch self {
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSONStringLiteral.append(key, to: &output)
                output.append(UInt8(ascii: ":"))
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                element.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .string(let text): JSONStringLiteral.append(text, to: &output)
        case .integer(let number): output.append(contentsOf: String(number).utf8)
        case .decimal(let number): output.append(contentsOf: number.exactText.utf8)
        case .double(let number):
            output.append(contentsOf: (number.isFinite ? String((number * 1000).rounded() / 1000) : "null").utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .null: output.append(contentsOf: "null".utf8)
        }
    }
}
