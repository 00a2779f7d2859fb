/// The platform's crypto library, as WinZip-AES needs it: AES encryption of whole 16-byte blocks (the
/// counter-mode key stream is built on it, see ``AESCounterMode``), HMAC-SHA1 fed in pieces, and
/// PBKDF2-HMAC-SHA1.
///
/// Two backends, one per platform, and ``PlatformCrypto`` names the one a build uses: ``LibcryptoBackend``
/// (OpenSSL's libcrypto, Linux) and ``CommonCryptoBackend`` (Apple platforms, which have no libcrypto).
/// Each is a thin translation of these calls, nothing more; the same test vectors run against whichever one
/// the platform has (`CryptoBackendVectorTests`).
package protocol CryptoBackend {
    /// AES under one key (ECB, no padding), freed when released.
    associatedtype BlockCipher: AnyObject
    /// An HMAC-SHA1 in progress, freed when released.
    associatedtype Authenticator: AnyObject

    /// An AES cipher for `key` (16, 24 or 32 bytes).
    static func blockCipher(key: [UInt8]) throws(WinZipAESError) -> BlockCipher
    /// Encrypts `input` (whole 16-byte blocks) into `output` (at least as long), block by block.
    static func encryptBlocks(
        _ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer, with cipher: BlockCipher
    ) throws(WinZipAESError)

    /// Starts an HMAC-SHA1 under `key` (any length).
    static func authenticator(key: [UInt8]) throws(WinZipAESError) -> Authenticator
    /// Adds `bytes` to the authenticated data.
    static func update(_ authenticator: Authenticator, with bytes: UnsafeRawBufferPointer) throws(WinZipAESError)
    /// The 20-byte HMAC of everything added; the authenticator cannot be used after.
    static func finish(_ authenticator: Authenticator) throws(WinZipAESError) -> [UInt8]

    /// PBKDF2-HMAC-SHA1 (RFC 8018): `length` bytes of key material.
    static func pbkdf2HMACSHA1(password: [UInt8], salt: [UInt8], iterations: Int, length: Int) throws(WinZipAESError)
        -> [UInt8]
}

#if canImport(CommonCrypto)
/// The crypto backend of this build: CommonCrypto on Apple platforms.
package typealias PlatformCrypto = CommonCryptoBackend
#else
/// The crypto backend of this build: OpenSSL's libcrypto on Linux.
package typealias PlatformCrypto = LibcryptoBackend
#endif
