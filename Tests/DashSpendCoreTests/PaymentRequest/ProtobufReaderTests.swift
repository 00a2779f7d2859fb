import DashSpendCore
import Testing

/// The wire-format reader on its own: every wire type, repeated fields packed and not, and bytes cut short.
@Suite struct ProtobufReaderTests {
    typealias V = PaymentRequestVectors

    @Test func everyWireTypeIsReadInOrder() throws {
        // 1 varint 150, 2 fixed64, 3 "hi", 4 fixed32
        let reader = try ProtobufReader(V.hex("08 9601  11 0100000000000080  1a 02 6869  25 04030201"))
        #expect(reader.fields.map(\.number) == [1, 2, 3, 4])
        #expect(
            reader.fields.map(\.value) == [
                .varint(150), .fixed64(0x8000_0000_0000_0001), .bytes([0x68, 0x69]), .fixed32(0x0102_0304),
            ])
    }

    @Test func aRepeatedVarintIsTheSamePackedOrNotAndMixed() throws {
        let unpacked = try ProtobufReader(V.hex("20 01  20 9601  20 02"))
        let packed = try ProtobufReader(V.hex("22 04 01 9601 02"))
        let mixed = try ProtobufReader(V.hex("20 01  22 03 9601 02"))
        #expect(try unpacked.repeatedUInt64(4) == [1, 150, 2])
        #expect(try packed.repeatedUInt64(4) == [1, 150, 2])
        #expect(try mixed.repeatedUInt64(4) == [1, 150, 2])
        #expect(throws: ProtobufReader.Malformed.self) { try ProtobufReader(V.hex("22 02 01 96")).repeatedUInt64(4) }
    }

    @Test func aSingularFieldSentTwiceIsTheLastOne() throws {
        let reader = try ProtobufReader(V.hex("08 01 12 01 61 08 02 12 01 62"))
        #expect(try reader.uint64(1) == 2)
        #expect(try reader.string(2) == "b")
        #expect(try reader.repeatedBytes(2) == [[0x61], [0x62]])
        #expect(try reader.uint64(3) == nil)
    }

    @Test func theLargestVarintIsReadAndOneBitMoreIsNot() throws {
        #expect(try ProtobufReader(V.hex("08 ffffffffffffffffff01")).uint64(1) == UInt64.max)
        #expect(throws: ProtobufReader.Malformed.self) { try ProtobufReader(V.hex("08 ffffffffffffffffff02")) }
    }

    @Test(arguments: ["08", "08 96", "11 01020304", "1a 03 6869", "25 0102", "1a", "1a 80"])
    func bytesCutShortAreRefused(_ hex: String) {
        #expect(throws: ProtobufReader.Malformed.self) { try ProtobufReader(V.hex(hex)) }
    }

    @Test func groupsAndFieldZeroAreRefused() {
        #expect(throws: ProtobufReader.Malformed.self) { try ProtobufReader(V.hex("0b 0c")) }
        #expect(throws: ProtobufReader.Malformed.self) { try ProtobufReader(V.hex("0c")) }
        #expect(throws: ProtobufReader.Malformed.self) { try ProtobufReader(V.hex("00 01")) }
        #expect(throws: ProtobufReader.Malformed.self) { try ProtobufReader(V.hex("0e")) }
    }
}
