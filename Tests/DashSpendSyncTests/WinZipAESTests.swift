import DashSpendSync
import DashSpendTestSupport
import Testing

@Suite("WinZip-AES matches the published vectors and refuses a wrong password or a changed byte")
struct WinZipAESTests {
    @Test("Encrypt then decrypt gives the data back, for every key size", arguments: WinZipAESStrength.allCases)
    func roundTrip(strength: WinZipAESStrength) throws {
        let data = (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let salt = (0..<strength.saltLength).map { UInt8($0) }
        let payload = try WinZipAES.encrypt(data, password: "e3069283", salt: salt, strength: strength)
        #expect(payload.count == strength.saltLength + 2 + data.count + 10)
        #expect(Array(payload[(strength.saltLength + 2)...].prefix(data.count)) != data)
        #expect(try WinZipAES.decrypt(payload[...], password: "e3069283", strength: strength) == data)
    }

    @Test("The key stream is AES-ECB of a little-endian counter starting at 1")
    func counterIsLittleEndian() throws {
        // Encrypting zeros exposes the key stream. Expected blocks from Python `cryptography`:
        // AES-256-ECB(key = 32 x 0x07, n.to_bytes(16, "little")) for n = 1 and n = 256.
        var stream = [UInt8](repeating: 0, count: 16 * 256)
        try AESCounterMode.apply(key: [UInt8](repeating: 7, count: 32), to: &stream)
        #expect(hex(stream[0..<16]) == "59b6b4afd10b8c56acd770f3283942be")
        #expect(hex(stream[(255 * 16)...]) == "7e2e7b67e4d5f4e0db68028e53910895")
    }

    func hex(_ bytes: ArraySlice<UInt8>) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    @Test("A wrong password fails at the verifier, a changed byte at the HMAC")
    func failures() throws {
        let data = Array("explore".utf8)
        let salt = [UInt8](repeating: 1, count: 16)
        let payload = try WinZipAES.encrypt(data, password: "abc", salt: salt, strength: .aes256)
        #expect(throws: WinZipAESError.wrongPassword) {
            try WinZipAES.decrypt(payload[...], password: "abd", strength: .aes256)
        }
        var tampered = payload
        tampered[18] ^= 0x01
        #expect(throws: WinZipAESError.authenticationFailed) {
            try WinZipAES.decrypt(tampered[...], password: "abc", strength: .aes256)
        }
        var badCode = payload
        badCode[badCode.count - 1] ^= 0x80
        #expect(throws: WinZipAESError.authenticationFailed) {
            try WinZipAES.decrypt(badCode[...], password: "abc", strength: .aes256)
        }
        #expect(throws: WinZipAESError.payloadTooShort(bytes: 27)) {
            try WinZipAES.decrypt(payload.prefix(27), password: "abc", strength: .aes256)
        }
    }

    @Test("AES-CTR crosses its 64 KiB key-stream chunk with the counter running on, in pieces of any size")
    func counterAcrossChunks() throws {
        // Blocks 4095, 4096 and 4097 (counters 4096 to 4098) straddle the first 64 KiB chunk. Expected blocks
        // from Python `cryptography`: AES-256-ECB(key = 32 x 0x07, n.to_bytes(16, "little")).
        var stream = [UInt8](repeating: 0, count: 16 * 4098)
        try AESCounterMode.apply(key: [UInt8](repeating: 7, count: 32), to: &stream)
        #expect(hex(stream[(4095 * 16)..<(4096 * 16)]) == "f9ba2b553f78015ee7e50f6f5b743391")
        #expect(hex(stream[(4096 * 16)..<(4097 * 16)]) == "7b3b3731c6fce0c2695219459636de23")
        #expect(hex(stream[(4097 * 16)...]) == "3807057097b6874005d3380dd7994db9")

        var pieces = [UInt8](repeating: 0, count: stream.count)
        let cipher = try AESCounterMode(key: [UInt8](repeating: 7, count: 32))
        var offset = 0
        let sizes = [1, 15, 17, 65_535, 3, 16, 100_000]
        var turn = 0
        while offset < pieces.count {
            let end = min(offset + sizes[turn % sizes.count], pieces.count)
            turn += 1
            try pieces.withUnsafeMutableBytes { raw in
                try cipher.apply(to: UnsafeMutableRawBufferPointer(rebasing: raw[offset..<end]))
            }
            offset = end
        }
        #expect(pieces == stream)
    }

    @Test("The key material splits into AES key, HMAC key and verifier (known answers from Python hashlib)")
    func keySplit() throws {
        // hashlib.pbkdf2_hmac("sha1", b"e3069283", bytes(range(16)), 1000, 66), split 32 / 32 / 2.
        let keys = try WinZipAESKeys(password: "e3069283", salt: Array(0..<16), strength: .aes256)
        #expect(hex(keys.encryptionKey[...]) == "b6fe1a235a6b0f7b061bcf2a0ed9e1df2ce3bbcec3f9db42c3f3fd58cfcb3168")
        #expect(hex(keys.authenticationKey[...]) == "20ea3faf581845512620a07369e084cea50410a3ffbb493de5847716d21c0825")
        #expect(hex(keys.passwordVerifier[...]) == "f0c5")
        // hashlib.pbkdf2_hmac("sha1", b"f00", bytes(range(8)), 1000, 34), split 16 / 16 / 2.
        let small = try WinZipAESKeys(password: "f00", salt: Array(0..<8), strength: .aes128)
        #expect(hex(small.encryptionKey[...]) == "fc6d47008b71554b8d1046505379004b")
        #expect(hex(small.authenticationKey[...]) == "f4453fa2686f25bc31595343ede7014b")
        #expect(hex(small.passwordVerifier[...]) == "ce30")
    }

    @Test("PBKDF2 gives key, HMAC key and verifier of the right sizes")
    func keys() throws {
        let keys = try WinZipAESKeys(password: "pw", salt: [UInt8](repeating: 0, count: 16), strength: .aes256)
        #expect(keys.encryptionKey.count == 32)
        #expect(keys.authenticationKey.count == 32)
        #expect(keys.passwordVerifier.count == 2)
        #expect(keys.encryptionKey != keys.authenticationKey)
    }
}
