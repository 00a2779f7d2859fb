import DashSpendSync
import Testing

/// The same published known answers for every crypto backend, run against the one this platform has
/// (`PlatformCrypto`): libcrypto on Linux, CommonCrypto on Apple platforms (run by the GitHub workflow's
/// macOS job; Linux cannot compile it). Every WinZip-AES test above these goes through the same backend.
@Suite("The platform's crypto backend matches the published vectors (AES, HMAC-SHA1, PBKDF2-HMAC-SHA1)")
struct CryptoBackendVectorTests {
    @Test("The backend is the platform's: CommonCrypto on Apple platforms, libcrypto on Linux")
    func platformBackend() {
        #if canImport(CommonCrypto)
        #expect(PlatformCrypto.self == CommonCryptoBackend.self)
        #else
        #expect(PlatformCrypto.self == LibcryptoBackend.self)
        #endif
    }

    @Test("AES-128, -192 and -256 encrypt the FIPS-197 appendix C block, block by block; other key sizes fail")
    func aes() throws {
        try Self.aes(PlatformCrypto.self)
    }

    static func aes<Backend: CryptoBackend>(_: Backend.Type) throws {
        let plaintext = Self.bytes("00112233445566778899aabbccddeeff")
        let vectors = [
            (16, "69c4e0d86a7b0430d8cdb78070b4c55a"), (24, "dda97ca4864cdfe06eaf70a0ec0d7191"),
            (32, "8ea2b7ca516745bfeafc49904b496089"),
        ]
        for (keyLength, expected) in vectors {
            let cipher = try Backend.blockCipher(key: (0..<keyLength).map { UInt8($0) })
            // Two equal blocks in one call: ECB, no chaining, no padding.
            let input = plaintext + plaintext
            var output = [UInt8](repeating: 0, count: input.count)
            try input.withUnsafeBytes { input in
                try output.withUnsafeMutableBytes { output in try Backend.encryptBlocks(input, into: output, with: cipher) }
            }
            #expect(Self.hex(output) == expected + expected, "AES with a \(keyLength)-byte key")
        }
        #expect(throws: WinZipAESError.self) { try Backend.blockCipher(key: [UInt8](repeating: 1, count: 20)) }
    }

    @Test("HMAC-SHA1 matches RFC 2202 and Python's hmac, fed at once or in pieces")
    func hmac() throws {
        try Self.hmac(PlatformCrypto.self)
    }

    static func hmac<Backend: CryptoBackend>(_: Backend.Type) throws {
        let long = [UInt8](repeating: 0x78, count: 1_000)
        let vectors: [(key: [UInt8], data: [UInt8], expected: String)] = [
            ([UInt8](repeating: 0x0B, count: 20), Array("Hi There".utf8), "b617318655057264e28bc0b6fb378c8ef146be00"),
            (Array("Jefe".utf8), Array("what do ya want for nothing?".utf8), "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79"),
            // A key longer than the 64-byte block is hashed first (RFC 2202 test case 6).
            (
                [UInt8](repeating: 0xAA, count: 80), Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
                "aa4ae5e15272d00e95705637ce8a3b55ed402112"
            ),
            // hmac.new(b"", b"", "sha1") and hmac.new(b"\xaa" * 64, b"x" * 1000, "sha1").
            ([], [], "fbdb1d1b18aa6c08324b7d64b71fb76370690e1d"),
            ([UInt8](repeating: 0xAA, count: 64), long, "586959d4bbddbb09fc1c8c409770e265c44997ef"),
        ]
        for (key, data, expected) in vectors {
            for pieceSize in [max(1, data.count), 7, 1] {
                let authenticator = try Backend.authenticator(key: key)
                var start = 0
                repeat {
                    let end = min(start + pieceSize, data.count)
                    try data[start..<end].withUnsafeBytes { try Backend.update(authenticator, with: $0) }
                    start = end
                } while start < data.count
                #expect(Self.hex(try Backend.finish(authenticator)) == expected, "key of \(key.count), pieces of \(pieceSize)")
                #expect(throws: WinZipAESError.self) { try Backend.finish(authenticator) }
            }
        }
    }

    @Test("PBKDF2-HMAC-SHA1 matches the RFC 6070 vectors")
    func pbkdf2() throws {
        try Self.pbkdf2(PlatformCrypto.self)
    }

    static func pbkdf2<Backend: CryptoBackend>(_: Backend.Type) throws {
        let vectors: [(String, String, Int, Int, String)] = [
            ("password", "salt", 1, 20, "0c60c80f961f0e71f3a9b524af6012062fe037a6"),
            ("password", "salt", 2, 20, "ea6c014dc72d6f8ccd1ed92ace1d41f0d8de8957"),
            ("password", "salt", 4096, 20, "4b007901b765489abead49d926f721d065a429c1"),
            (
                "passwordPASSWORDpassword", "saltSALTsaltSALTsaltSALTsaltSALTsalt", 4096, 25,
                "3d2eec4fe41c849b80c8d83662c0e44a8b291a964cf2f07038"
            ),
            ("pass\0word", "sa\0lt", 4096, 16, "56fa6aa75548099dcc37d7f03425e0c3"),
        ]
        for (password, salt, iterations, length, expected) in vectors {
            let key = try Backend.pbkdf2HMACSHA1(
                password: Array(password.utf8), salt: Array(salt.utf8), iterations: iterations, length: length)
            #expect(Self.hex(key) == expected, "\(password) \(iterations)")
        }
    }

    private static func bytes(_ hex: String) -> [UInt8] {
        var result: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            result.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return result
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
