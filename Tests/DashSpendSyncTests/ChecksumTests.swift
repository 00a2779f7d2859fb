import DashSpendSync
import DashSpendTestSupport
import Testing

@Suite("CRC-32C and CRC-32 match their check values; the archive comment parses strictly")
struct ChecksumTests {
    @Test("CRC-32C matches the published check values")
    func crc32c() {
        #expect(CRC32C.checksum(Array("123456789".utf8)) == 0xE306_9283)
        #expect(CRC32C.checksum([UInt8]()) == 0)
        // RFC 3720 (iSCSI) appendix B.4.
        #expect(CRC32C.checksum([UInt8](repeating: 0, count: 32)) == 0x8A91_36AA)
        #expect(CRC32C.checksum([UInt8](repeating: 0xFF, count: 32)) == 0x62A8_AB43)
        #expect(CRC32C.checksum(Array(0...31)) == 0x46DD_794E)
    }

    @Test("CRC-32C is the same fed in pieces, and prints as the wallets write it")
    func incrementalAndHex() {
        let bytes = Array("123456789".utf8)
        var crc = CRC32C()
        crc.update(bytes[..<4])
        crc.update(bytes[4...])
        #expect(crc.value == 0xE306_9283)
        #expect(crc.hexString == "e3069283")
        #expect(ExploreArchiveComment.text(timestamp: 5, checksum: 0xF00) == "5#f00")
    }

    @Test("CRC-32C eight bytes a step equals the byte-at-a-time definition, at every alignment and length")
    func slicingMatchesTheDefinition() {
        func reference(_ bytes: ArraySlice<UInt8>) -> UInt32 {
            var crc: UInt32 = ~0
            for byte in bytes {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
            }
            return ~crc
        }
        var generator = SplitMix64(seed: 0xC3C3)
        let data = (0..<4099).map { _ in UInt8.random(in: 0...255, using: &generator) }
        for start in 0..<9 {
            for end in [start, start + 1, start + 7, start + 8, start + 9, start + 63, data.count - 3, data.count] {
                #expect(CRC32C.checksum(data[start..<end]) == reference(data[start..<end]), "\(start)..<\(end)")
            }
        }
        // Fed in uneven pieces, it gives the same as at once.
        var pieces = CRC32C()
        var offset = 0
        for size in [1, 3, 8, 13, 64, 1000, 5] where offset < data.count {
            pieces.update(data[offset..<min(data.count, offset + size)])
            offset += size
        }
        pieces.update(data[min(offset, data.count)...])
        #expect(pieces.value == reference(data[...]))
    }

    @Test("CRC-32 (zlib) matches its check value")
    func crc32() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    }

    @Test("The comment parses as <timestampMs>#<checksum> and nothing else")
    func comment() throws {
        let comment = try #require(ExploreArchiveComment("1700000000000#e3069283"))
        #expect(comment.timestamp == 1_700_000_000_000)
        #expect(comment.checksum == "e3069283")
        #expect(comment.checksumValue == 0xE306_9283)
        #expect(ExploreArchiveComment("f00")?.checksum == nil)
        for bad in ["", "#", "17#", "#abc", "abc#abc", "17#xyz", "17#123456789", "1#2#3", "-1#ab", " 1#ab"] {
            #expect(ExploreArchiveComment(bad) == nil, "\(bad)")
        }
    }
}
