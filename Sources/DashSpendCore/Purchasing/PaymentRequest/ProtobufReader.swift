/// A small reader of the protocol-buffers wire format, enough for BIP70's messages: it splits a message into
/// its fields, in order, and refuses bytes that are not a message.
///
/// Every wire type is read (varint, 64-bit, length-delimited, 32-bit) so that fields a reader does not know
/// are skipped, as protobuf requires; groups (wire types 3 and 4, deprecated) and field number 0 are refused.
/// A varint is at most 10 bytes and must fit 64 bits; a length must fit in what is left.
package struct ProtobufReader: Sendable {
    /// One field as it was on the wire.
    package enum Value: Sendable, Hashable {
        /// Wire type 0.
        case varint(UInt64)
        /// Wire type 1: eight bytes, little-endian.
        case fixed64(UInt64)
        /// Wire type 2: a string, bytes, an embedded message or a packed repeated field.
        case bytes([UInt8])
        /// Wire type 5: four bytes, little-endian.
        case fixed32(UInt32)

        /// The wire type's name, for messages.
        var wireName: String {
            switch self {
            case .varint: "varint"
            case .fixed64: "64-bit"
            case .bytes: "length-delimited"
            case .fixed32: "32-bit"
            }
        }
    }

    /// Why bytes are not a message.
    package struct Malformed: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong, and at which byte offset.
        package let description: String
    }

    /// The fields, in the order they came.
    package let fields: [(number: Int, value: Value)]

    /// Reads `bytes` as one message.
    package init(_ bytes: [UInt8]) throws(Malformed) {
        var fields: [(number: Int, value: Value)] = []
        var offset = 0
        while offset < bytes.count {
            let start = offset
            let key = try Self.varint(bytes, &offset)
            let number = key >> 3
            guard number > 0, number <= 536_870_911 else {
                throw Malformed(description: "field number \(number) at byte \(start)")
            }
            let value: Value
            switch key & 7 {
            case 0:
                value = .varint(try Self.varint(bytes, &offset))
            case 1:
                value = .fixed64(try Self.little(bytes, &offset, count: 8))
            case 2:
                let length = try Self.varint(bytes, &offset)
                guard length <= UInt64(bytes.count - offset) else {
                    throw Malformed(
                        description: "field \(number) at byte \(start) is \(length) bytes long, "
                            + "\(bytes.count - offset) are left")
                }
                value = .bytes(Array(bytes[offset..<offset + Int(length)]))
                offset += Int(length)
            case 5:
                value = .fixed32(UInt32(try Self.little(bytes, &offset, count: 4)))
            default:
                throw Malformed(description: "field \(number) at byte \(start) has wire type \(key & 7)")
            }
            fields.append((Int(number), value))
        }
        self.fields = fields
    }

    /// Every value of field `number`, in order.
    package func values(_ number: Int) -> [Value] {
        fields.filter { $0.number == number }.map(\.value)
    }

    /// The last varint of field `number` (protobuf: the last one wins), nil when absent.
    package func uint64(_ number: Int) throws(Malformed) -> UInt64? {
        guard let last = values(number).last else { return nil }
        guard case .varint(let value) = last else { throw wrongType(number, last, expected: "varint") }
        return value
    }

    /// The last length-delimited value of field `number`, nil when absent.
    package func bytes(_ number: Int) throws(Malformed) -> [UInt8]? {
        guard let last = values(number).last else { return nil }
        guard case .bytes(let value) = last else { throw wrongType(number, last, expected: "length-delimited") }
        return value
    }

    /// The last value of field `number` as UTF-8 text, nil when absent.
    package func string(_ number: Int) throws(Malformed) -> String? {
        guard let bytes = try bytes(number) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        guard Array(text.utf8) == bytes else {
            throw Malformed(description: "field \(number) is not UTF-8 text")
        }
        return text
    }

    /// Every length-delimited value of the repeated field `number` (strings, bytes, messages).
    package func repeatedBytes(_ number: Int) throws(Malformed) -> [[UInt8]] {
        var result: [[UInt8]] = []
        for value in values(number) {
            guard case .bytes(let bytes) = value else { throw wrongType(number, value, expected: "length-delimited") }
            result.append(bytes)
        }
        return result
    }

    /// Every varint of the repeated field `number`, whether sent one per field or packed (a length-delimited
    /// run of varints), in order: a reader must accept both.
    package func repeatedUInt64(_ number: Int) throws(Malformed) -> [UInt64] {
        var result: [UInt64] = []
        for value in values(number) {
            switch value {
            case .varint(let one): result.append(one)
            case .bytes(let packed):
                var offset = 0
                while offset < packed.count { result.append(try Self.varint(packed, &offset)) }
            default: throw wrongType(number, value, expected: "varint")
            }
        }
        return result
    }

    /// `bytes` (a message) with every value of the length-delimited field `number` replaced by a zero-length
    /// value, every other byte kept as it came: what a BIP70 signature is made over (the request with its
    /// `signature` empty).
    static func emptying(_ number: Int, in bytes: [UInt8]) throws(Malformed) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var offset = 0
        while offset < bytes.count {
            let start = offset
            let key = try varint(bytes, &offset)
            switch key & 7 {
            case 0: _ = try varint(bytes, &offset)
            case 1: _ = try little(bytes, &offset, count: 8)
            case 5: _ = try little(bytes, &offset, count: 4)
            case 2:
                let keyEnd = offset
                let length = try varint(bytes, &offset)
                guard length <= UInt64(bytes.count - offset) else {
                    throw Malformed(description: "field \(key >> 3) at byte \(start) is cut short")
                }
                offset += Int(length)
                if key >> 3 == UInt64(number) {
                    result += bytes[start..<keyEnd]
                    result.append(0)
                    continue
                }
            default:
                throw Malformed(description: "field \(key >> 3) at byte \(start) has wire type \(key & 7)")
            }
            result += bytes[start..<offset]
        }
        return result
    }

    private func wrongType(_ number: Int, _ value: Value, expected: String) -> Malformed {
        Malformed(description: "field \(number) is \(value.wireName), not \(expected)")
    }

    private static func varint(_ bytes: [UInt8], _ offset: inout Int) throws(Malformed) -> UInt64 {
        let start = offset
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.count else { throw Malformed(description: "varint at byte \(start) is cut short") }
            let byte = bytes[offset]
            offset += 1
            let payload = UInt64(byte & 0x7F)
            guard shift < 63 || (shift == 63 && payload <= 1) else {
                throw Malformed(description: "varint at byte \(start) does not fit 64 bits")
            }
            result |= payload << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
        }
    }

    private static func little(_ bytes: [UInt8], _ offset: inout Int, count: Int) throws(Malformed) -> UInt64 {
        guard bytes.count - offset >= count else {
            throw Malformed(description: "\(count)-byte value at byte \(offset) is cut short")
        }
        var result: UInt64 = 0
        for index in 0..<count { result |= UInt64(bytes[offset + index]) << UInt64(8 * index) }
        offset += count
        return result
    }
}
