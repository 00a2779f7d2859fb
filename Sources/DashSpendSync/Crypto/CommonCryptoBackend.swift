#if canImport(CommonCrypto)
import CommonCrypto

/// The crypto backend on Apple platforms: CommonCrypto, in every Apple SDK (iOS has no libcrypto) (see
/// ``CryptoBackend``).
///
/// NOT COMPILED ON LINUX, where the package is developed: each call is a direct translation of the
/// documented CommonCrypto function, checked by the GitHub workflow's macOS job (build, and the shared
/// vectors of `CryptoBackendVectorTests`) and iOS job (build).
package enum CommonCryptoBackend: CryptoBackend {
    /// An AES key, checked; each ``encryptBlocks(_:into:with:)`` is one `CCCrypt` call (AES-ECB, no padding).
    // package-scope: keep (reached through PlatformCrypto)
    package final class BlockCipher {
        fileprivate let key: [UInt8]
        fileprivate init(_ key: [UInt8]) { self.key = key }
    }

    /// A `CCHmacContext` computing HMAC-SHA1.
    // package-scope: keep (reached through PlatformCrypto)
    package final class Authenticator {
        fileprivate var context = CCHmacContext()
        fileprivate var finished = false
    }

    package static func blockCipher(key: [UInt8]) throws(WinZipAESError) -> BlockCipher {
        guard [16, 24, 32].contains(key.count) else { throw .cryptoFailure("AES key of \(key.count) bytes") }
        return BlockCipher(key)
    }

    package static func encryptBlocks(
        _ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer, with cipher: BlockCipher
    ) throws(WinZipAESError) {
        guard input.count % 16 == 0, output.count >= input.count else { throw .cryptoFailure("AES block sizes") }
        guard !input.isEmpty else { return }
        var moved = 0
        let status = CCCrypt(
            CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithmAES), CCOptions(kCCOptionECBMode), cipher.key,
            cipher.key.count, nil, input.baseAddress, input.count, output.baseAddress, output.count, &moved)
        guard Int(status) == kCCSuccess, moved == input.count else { throw .cryptoFailure("CCCrypt (\(status))") }
    }

    package static func authenticator(key: [UInt8]) throws(WinZipAESError) -> Authenticator {
        let made = Authenticator()
        CCHmacInit(&made.context, CCHmacAlgorithm(kCCHmacAlgSHA1), key, key.count)
        return made
    }

    package static func update(_ authenticator: Authenticator, with bytes: UnsafeRawBufferPointer) throws(WinZipAESError) {
        guard !authenticator.finished else { throw .cryptoFailure("HMAC updated after it was finalized") }
        guard !bytes.isEmpty else { return }
        CCHmacUpdate(&authenticator.context, bytes.baseAddress, bytes.count)
    }

    package static func finish(_ authenticator: Authenticator) throws(WinZipAESError) -> [UInt8] {
        guard !authenticator.finished else { throw .cryptoFailure("HMAC finalized twice") }
        authenticator.finished = true
        var code = [UInt8](repeating: 0, count: Int(CC_SHA1_DIGEST_LENGTH))
        CCHmacFinal(&authenticator.context, &code)
        return code
    }

    package static func pbkdf2HMACSHA1(password: [UInt8], salt: [UInt8], iterations: Int, length: Int)
        throws(WinZipAESError) -> [UInt8]
    {
        var material = [UInt8](repeating: 0, count: length)
        let status = password.withUnsafeBufferPointer { pass in
            pass.withMemoryRebound(to: CChar.self) { pass in
                CCKeyDerivationPBKDF(
                    CCPBKDFAlgorithm(kCCPBKDF2), pass.baseAddress, pass.count, salt, salt.count,
                    CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA1), UInt32(iterations), &material, length)
            }
        }
        guard Int(status) == kCCSuccess else { throw .cryptoFailure("CCKeyDerivationPBKDF (\(status))") }
        return material
    }
}
#endif
