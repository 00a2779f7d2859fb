/// A WinZip-AES entry payload (AE-1/AE-2): salt, 2-byte password verifier, AES-CTR ciphertext, and the first
/// 10 bytes of HMAC-SHA1 over the ciphertext. The verifier and the HMAC are checked before decrypting.
package enum WinZipAES {
    /// Salt, verifier and authentication code: the bytes of a payload that are not ciphertext.
    static func overhead(_ strength: WinZipAESStrength) -> Int {
        strength.saltLength + 2 + HMACSHA1.winZipCodeLength
    }

    /// Checks and decrypts `payload` (the entry's whole stored data) with `password`.
    package static func decrypt(
        _ payload: ArraySlice<UInt8>, password: String,
        strength: WinZipAESStrength
    ) throws(WinZipAESError) -> [UInt8] {
        let saltLength = strength.saltLength
        guard payload.count >= overhead(strength) else { throw .payloadTooShort(bytes: payload.count) }
        let start = payload.startIndex
        let salt = Array(payload[start..<(start + saltLength)])
        let verifier = Array(payload[(start + saltLength)..<(start + saltLength + 2)])
        let cipherRange = (start + saltLength + 2)..<(payload.endIndex - HMACSHA1.winZipCodeLength)
        let code = Array(payload[cipherRange.upperBound...])

        let check = try Stream(salt: salt, verifier: verifier, password: password, strength: strength)
        let ciphertext = Array(payload[cipherRange])
        if let error = ciphertext.withUnsafeBytes({ raw in catching { () throws(WinZipAESError) in try check.authenticate(raw) } }
        ) {
            throw error
        }
        try check.verify(code: code)
        let decryption = try Stream(salt: salt, verifier: verifier, password: password, strength: strength)
        var text = ciphertext
        let decrypt = { (raw: UnsafeMutableRawBufferPointer) throws(WinZipAESError) in try decryption.decrypt(raw) }
        if let error = text.withUnsafeMutableBytes({ raw in catching { () throws(WinZipAESError) in try decrypt(raw) } }) {
            throw error
        }
        try decryption.verify(code: code)
        return text
    }

    /// One pass over the ciphertext of an entry, in chunks: either ``authenticate(_:)`` only (to check the
    /// entry before anything is written) or ``decrypt(_:)``, which authenticates and decrypts. Memory use
    /// does not depend on the entry's size.
    package final class Stream {
        private let hmac: HMACSHA1
        private let cipher: AESCounterMode

        /// Derives the keys and checks the password verifier; throws ``WinZipAESError/wrongPassword``.
        package init(salt: [UInt8], verifier: [UInt8], password: String, strength: WinZipAESStrength)
            throws(WinZipAESError)
        {
            let keys = try WinZipAESKeys(password: password, salt: salt, strength: strength)
            guard HMACSHA1.equalInConstantTime(keys.passwordVerifier, verifier) else { throw .wrongPassword }
            hmac = try HMACSHA1(key: keys.authenticationKey)
            cipher = try AESCounterMode(key: keys.encryptionKey)
        }

        /// Adds the next ciphertext bytes to the HMAC.
        package func authenticate(_ ciphertext: UnsafeRawBufferPointer) throws(WinZipAESError) {
            try hmac.update(ciphertext)
        }

        /// Adds the next ciphertext bytes to the HMAC, then decrypts them in place.
        package func decrypt(_ buffer: UnsafeMutableRawBufferPointer) throws(WinZipAESError) {
            try hmac.update(UnsafeRawBufferPointer(buffer))
            try cipher.apply(to: buffer)
        }

        /// Compares the HMAC of all the ciphertext with the entry's 10-byte `code`.
        package func verify(code: [UInt8]) throws(WinZipAESError) {
            let expected = try hmac.finalize()
            guard HMACSHA1.equalInConstantTime(Array(expected.prefix(HMACSHA1.winZipCodeLength)), code) else {
                throw .authenticationFailed
            }
        }
    }
}
