import DashSpendSync
import Testing

@Suite("WinZip-AES")
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

    @Test("PBKDF2 gives key, HMAC key and verifier of the right sizes")
    func keys() throws {
        let keys = try WinZipAESKeys(password: "pw", salt: [UInt8](repeating: 0, count: 16), strength: .aes256)
        #expect(keys.encryptionKey.count == 32)
        #expect(keys.authenticationKey.count == 32)
        #expect(keys.passwordVerifier.count == 2)
        #expect(keys.encryptionKey != keys.authenticationKey)
    }
}
