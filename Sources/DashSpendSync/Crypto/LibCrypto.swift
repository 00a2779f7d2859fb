#if os(Linux)
import DashSpendCore

/// The libcrypto functions ``LibcryptoBackend`` calls, found with `dlsym` in OpenSSL's libcrypto, which is
/// opened with `dlopen` the first time a WinZip-AES entry is decrypted (a `sync`): a command that never
/// decrypts never maps libcrypto, whose thousands of symbol bindings at start-up cost more than a whole
/// offline lookup. The library is the distribution's (`libssl3` or `libssl1.1`). Every function used takes and
/// returns opaque pointers and plain integers, so no OpenSSL header is needed to build: the one constant, the
/// digest buffer's size, is declared here and compared with the real `<openssl/evp.h>` by
/// `LibcryptoHeaderAgreementTests` wherever that header is installed.
struct LibCrypto: @unchecked Sendable {
    typealias Cipher = @convention(c) () -> OpaquePointer?

    let aes128ECB: Cipher
    let aes192ECB: Cipher
    let aes256ECB: Cipher
    let sha1: Cipher
    let cipherContextNew: @convention(c) () -> OpaquePointer?
    let cipherContextFree: @convention(c) (OpaquePointer?) -> Void
    let encryptInit:
        @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?, UnsafePointer<UInt8>?, UnsafePointer<UInt8>?)
            -> Int32
    let setPadding: @convention(c) (OpaquePointer?, Int32) -> Int32
    let encryptUpdate:
        @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<Int32>?, UnsafePointer<UInt8>?, Int32)
            -> Int32
    let digestContextNew: @convention(c) () -> OpaquePointer?
    let digestContextFree: @convention(c) (OpaquePointer?) -> Void
    let digestInit: @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?) -> Int32
    let digestUpdate: @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int) -> Int32
    let digestFinal: @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt32>?) -> Int32
    let digest:
        @convention(c) (
            UnsafeRawPointer?, Int, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt32>?, OpaquePointer?,
            OpaquePointer?
        ) -> Int32
    let pbkdf2HMACSHA1:
        @convention(c) (UnsafePointer<CChar>?, Int32, UnsafePointer<UInt8>?, Int32, Int32, Int32, UnsafeMutablePointer<UInt8>?)
            -> Int32

    /// `EVP_MAX_MD_SIZE`: the largest digest any EVP message digest writes (64 bytes, SHA-512), the size of
    /// the buffer `EVP_DigestFinal_ex` and `EVP_Digest` are given. The same in OpenSSL 1.1 and 3.
    package static let maximumDigestSize = 64

    /// The files `dlopen` is given, newest first: OpenSSL 3, then 1.1 (both have every function used here).
    static let sonames = ["libcrypto.so.3", "libcrypto.so.1.1"]

    /// libcrypto, opened once per process on first use; a one-line failure when it cannot be.
    static let shared: Result<LibCrypto, WinZipAESError> = open()

    private static func open() -> Result<LibCrypto, WinZipAESError> {
        let library: DynamicLibrary
        do {
            library = try DynamicLibrary.open(sonames)
        } catch {
            return .failure(.cryptoFailure("libcrypto cannot be loaded: \(error.reason); install libssl3"))
        }
        guard let aes128ECB = library.function("EVP_aes_128_ecb", as: Cipher.self),
            let aes192ECB = library.function("EVP_aes_192_ecb", as: Cipher.self),
            let aes256ECB = library.function("EVP_aes_256_ecb", as: Cipher.self),
            let sha1 = library.function("EVP_sha1", as: Cipher.self),
            let cipherContextNew = library.function("EVP_CIPHER_CTX_new", as: (@convention(c) () -> OpaquePointer?).self),
            let cipherContextFree = library.function("EVP_CIPHER_CTX_free", as: (@convention(c) (OpaquePointer?) -> Void).self),
            let encryptInit = library.function(
                "EVP_EncryptInit_ex",
                as: (@convention(c) (
                    OpaquePointer?, OpaquePointer?, OpaquePointer?, UnsafePointer<UInt8>?, UnsafePointer<UInt8>?
                ) -> Int32).self),
            let setPadding = library.function(
                "EVP_CIPHER_CTX_set_padding", as: (@convention(c) (OpaquePointer?, Int32) -> Int32).self),
            let encryptUpdate = library.function(
                "EVP_EncryptUpdate",
                as: (@convention(c) (
                    OpaquePointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<Int32>?, UnsafePointer<UInt8>?, Int32
                ) -> Int32).self),
            let digestContextNew = library.function("EVP_MD_CTX_new", as: (@convention(c) () -> OpaquePointer?).self),
            let digestContextFree = library.function("EVP_MD_CTX_free", as: (@convention(c) (OpaquePointer?) -> Void).self),
            let digestInit = library.function(
                "EVP_DigestInit_ex", as: (@convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?) -> Int32).self),
            let digestUpdate = library.function(
                "EVP_DigestUpdate", as: (@convention(c) (OpaquePointer?, UnsafeRawPointer?, Int) -> Int32).self),
            let digestFinal = library.function(
                "EVP_DigestFinal_ex",
                as: (@convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt32>?) -> Int32)
                    .self),
            let digest = library.function(
                "EVP_Digest",
                as: (@convention(c) (
                    UnsafeRawPointer?, Int, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt32>?, OpaquePointer?,
                    OpaquePointer?
                ) -> Int32).self),
            let pbkdf2HMACSHA1 = library.function(
                "PKCS5_PBKDF2_HMAC_SHA1",
                as: (@convention(c) (
                    UnsafePointer<CChar>?, Int32, UnsafePointer<UInt8>?, Int32, Int32, Int32, UnsafeMutablePointer<UInt8>?
                ) -> Int32).self)
        else {
            return .failure(.cryptoFailure("the libcrypto found lacks the EVP functions of OpenSSL 1.1 and later"))
        }
        return .success(
            LibCrypto(
                aes128ECB: aes128ECB, aes192ECB: aes192ECB, aes256ECB: aes256ECB, sha1: sha1,
                cipherContextNew: cipherContextNew, cipherContextFree: cipherContextFree, encryptInit: encryptInit,
                setPadding: setPadding, encryptUpdate: encryptUpdate, digestContextNew: digestContextNew,
                digestContextFree: digestContextFree, digestInit: digestInit, digestUpdate: digestUpdate,
                digestFinal: digestFinal, digest: digest, pbkdf2HMACSHA1: pbkdf2HMACSHA1))
    }

    /// The loaded library, or the reason it cannot be used.
    static func loaded() throws(WinZipAESError) -> LibCrypto {
        switch shared {
        case .success(let library): return library
        case .failure(let error): throw error
        }
    }
}
#endif
