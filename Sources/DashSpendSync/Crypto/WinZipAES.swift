/// A WinZip-AES entry payload (AE-1/AE-2): salt, 2-byte password verifier, AES-CTR ciphertext, and the first
/// 10 bytes of HMAC-SHA1 over the ciphertext. The verifier and the HMAC are checked before decrypting.
public enum WinZipAES {
    /// Checks and decrypts `payload` (the entry's whole stored data) with `password`.
    public static func decrypt(
        _ payload: ArraySlice<UInt8>, password: String,
        strength: WinZipAESStrength
    ) throws(WinZipAESError) -> [UInt8] {
        let saltLength = strength.saltLength
        let overhead = saltLength + 2 + HMACSHA1.winZipCodeLength
        guard payload.count >= overhead else { throw .payloadTooShort(bytes: payload.count) }
        let start = payload.startIndex
        let salt = Array(payload[start..<(start + saltLength)])
        let verifier = Array(payload[(start + saltLength)..<(start + saltLength + 2)])
        let cipherRange = (start + saltLength + 2)..<(payload.endIndex - HMACSHA1.winZipCodeLength)
        let code = Array(payload[cipherRange.upperBound...])

        let keys = try WinZipAESKeys(password: password, salt: salt, strength: strength)
        guard HMACSHA1.equalInConstantTime(keys.passwordVerifier, verifier) else { throw .wrongPassword }
        var text = Array(payload[cipherRange])
        let expected = try HMACSHA1.authenticate(text, key: keys.authenticationKey)
        guard HMACSHA1.equalInConstantTime(Array(expected.prefix(HMACSHA1.winZipCodeLength)), code) else {
            throw .authenticationFailed
        }
        try AESCounterMode.apply(key: keys.encryptionKey, to: &text)
        return text
    }

    /// Encrypts `plaintext` into a payload with `salt` (``WinZipAESStrength/saltLength`` random bytes).
    /// The reverse of ``decrypt(_:password:strength:)``, for writing test archives.
    public static func encrypt(
        _ plaintext: [UInt8], password: String, salt: [UInt8],
        strength: WinZipAESStrength
    ) throws(WinZipAESError) -> [UInt8] {
        let keys = try WinZipAESKeys(password: password, salt: salt, strength: strength)
        var text = plaintext
        try AESCounterMode.apply(key: keys.encryptionKey, to: &text)
        let code = try HMACSHA1.authenticate(text, key: keys.authenticationKey)
        return salt + keys.passwordVerifier + text + code.prefix(HMACSHA1.winZipCodeLength)
    }
}
