package import DashSpendSync

// Writing encrypted archives is for tests only: production code only ever decrypts.
extension WinZipAES {
    /// Encrypts `plaintext` into a payload with `salt` (``WinZipAESStrength/saltLength`` random bytes).
    /// The reverse of ``decrypt(_:password:strength:)``, for writing test archives.
    package static func encrypt(
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
