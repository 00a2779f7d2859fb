/// The keys WinZip-AES derives from a password and a salt: PBKDF2-HMAC-SHA1, 1000 iterations, giving the
/// AES key, the HMAC-SHA1 key (each ``WinZipAESStrength/keyLength`` bytes) and a 2-byte password verifier.
package struct WinZipAESKeys: Sendable, Hashable {
    /// The AES key.
    package let encryptionKey: [UInt8]
    /// The HMAC-SHA1 key.
    package let authenticationKey: [UInt8]
    /// The two bytes stored after the salt, compared before anything is decrypted.
    package let passwordVerifier: [UInt8]

    /// The PBKDF2 iteration count WinZip-AES fixes.
    package static let iterations: Int32 = 1000

    /// Derives the keys for `password` and `salt` (``WinZipAESStrength/saltLength`` bytes).
    package init(password: String, salt: [UInt8], strength: WinZipAESStrength) throws(WinZipAESError) {
        let keyLength = strength.keyLength
        let material = try Self.pbkdf2(
            password: Array(password.utf8), salt: salt, iterations: Self.iterations, length: 2 * keyLength + 2)
        encryptionKey = Array(material[0..<keyLength])
        authenticationKey = Array(material[keyLength..<(2 * keyLength)])
        passwordVerifier = Array(material[(2 * keyLength)...])
    }

    /// PBKDF2-HMAC-SHA1 (RFC 8018) through the platform's ``PlatformCrypto``: `length` bytes of key material.
    package static func pbkdf2(password: [UInt8], salt: [UInt8], iterations: Int32, length: Int) throws(WinZipAESError)
        -> [UInt8]
    {
        try PlatformCrypto.pbkdf2HMACSHA1(password: password, salt: salt, iterations: Int(iterations), length: length)
    }
}
