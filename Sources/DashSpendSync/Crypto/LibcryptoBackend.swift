#if os(Linux)
/// The crypto backend on Linux: OpenSSL's libcrypto (EVP), opened on first use (``LibCrypto``), whose
/// functions take and return opaque pointers only: no OpenSSL header is needed to build (see ``CryptoBackend``).
package enum LibcryptoBackend: CryptoBackend {
    /// An `EVP_CIPHER_CTX` set up for AES-ECB encryption without padding.
    // package-scope: keep (reached through PlatformCrypto)
    package final class BlockCipher {
        fileprivate let library: LibCrypto
        fileprivate let context: OpaquePointer
        fileprivate init(_ context: OpaquePointer, in library: LibCrypto) {
            self.library = library
            self.context = context
        }
        deinit { library.cipherContextFree(context) }
    }

    /// HMAC (RFC 2104) over an `EVP_MD_CTX` computing SHA-1: the inner hash is fed as data comes, the
    /// outer one at the end. (OpenSSL 3 deprecates its `HMAC_CTX` calls.)
    // package-scope: keep (reached through PlatformCrypto)
    package final class Authenticator {
        fileprivate let library: LibCrypto
        fileprivate let context: OpaquePointer
        fileprivate let outerPad: [UInt8]
        fileprivate var finished = false
        fileprivate init(_ context: OpaquePointer, outerPad: [UInt8], in library: LibCrypto) {
            self.library = library
            self.context = context
            self.outerPad = outerPad
        }
        deinit { library.digestContextFree(context) }
    }

    private static let sha1BlockLength = 64

    package static func blockCipher(key: [UInt8]) throws(WinZipAESError) -> BlockCipher {
        let library = try LibCrypto.loaded()
        let cipher: OpaquePointer?
        switch key.count {
        case 16: cipher = library.aes128ECB()
        case 24: cipher = library.aes192ECB()
        case 32: cipher = library.aes256ECB()
        default: throw .cryptoFailure("AES key of \(key.count) bytes")
        }
        guard let context = library.cipherContextNew() else { throw .cryptoFailure("EVP_CIPHER_CTX_new") }
        let made = BlockCipher(context, in: library)
        guard library.encryptInit(context, cipher, nil, key, nil) == 1, library.setPadding(context, 0) == 1 else {
            throw .cryptoFailure("EVP_EncryptInit_ex")
        }
        return made
    }

    package static func encryptBlocks(
        _ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer, with cipher: BlockCipher
    ) throws(WinZipAESError) {
        guard input.count % 16 == 0, output.count >= input.count else { throw .cryptoFailure("AES block sizes") }
        guard !input.isEmpty else { return }
        var produced: Int32 = 0
        guard
            cipher.library.encryptUpdate(
                cipher.context, output.baseAddress?.assumingMemoryBound(to: UInt8.self), &produced,
                input.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(input.count)) == 1,
            Int(produced) == input.count
        else {
            throw .cryptoFailure("EVP_EncryptUpdate")
        }
    }

    package static func authenticator(key: [UInt8]) throws(WinZipAESError) -> Authenticator {
        let library = try LibCrypto.loaded()
        var key = key
        if key.count > sha1BlockLength { key = try sha1(key, in: library) }
        key += [UInt8](repeating: 0, count: sha1BlockLength - key.count)
        let innerPad = key.map { $0 ^ 0x36 }
        guard let context = library.digestContextNew() else { throw .cryptoFailure("EVP_MD_CTX_new") }
        let made = Authenticator(context, outerPad: key.map { $0 ^ 0x5C }, in: library)
        guard library.digestInit(context, library.sha1(), nil) == 1,
            library.digestUpdate(context, innerPad, innerPad.count) == 1
        else {
            throw .cryptoFailure("EVP_DigestInit_ex")
        }
        return made
    }

    package static func update(_ authenticator: Authenticator, with bytes: UnsafeRawBufferPointer) throws(WinZipAESError) {
        guard !bytes.isEmpty else { return }
        guard !authenticator.finished,
            authenticator.library.digestUpdate(authenticator.context, bytes.baseAddress, bytes.count) == 1
        else {
            throw .cryptoFailure("EVP_DigestUpdate")
        }
    }

    package static func finish(_ authenticator: Authenticator) throws(WinZipAESError) -> [UInt8] {
        guard !authenticator.finished else { throw .cryptoFailure("HMAC finalized twice") }
        authenticator.finished = true
        var inner = [UInt8](repeating: 0, count: LibCrypto.maximumDigestSize)
        var length: UInt32 = 0
        guard authenticator.library.digestFinal(authenticator.context, &inner, &length) == 1, length == 20 else {
            throw .cryptoFailure("EVP_DigestFinal_ex")
        }
        return try sha1(authenticator.outerPad + inner.prefix(20), in: authenticator.library)
    }

    package static func pbkdf2HMACSHA1(password: [UInt8], salt: [UInt8], iterations: Int, length: Int)
        throws(WinZipAESError) -> [UInt8]
    {
        let library = try LibCrypto.loaded()
        var material = [UInt8](repeating: 0, count: length)
        let status = password.withUnsafeBufferPointer { pass in
            pass.withMemoryRebound(to: CChar.self) { pass in
                library.pbkdf2HMACSHA1(
                    pass.baseAddress, Int32(pass.count), salt, Int32(salt.count), Int32(iterations), Int32(length),
                    &material)
            }
        }
        guard status == 1 else { throw .cryptoFailure("PKCS5_PBKDF2_HMAC_SHA1") }
        return material
    }

    private static func sha1(_ data: [UInt8], in library: LibCrypto) throws(WinZipAESError) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: LibCrypto.maximumDigestSize)
        var length: UInt32 = 0
        guard library.digest(data, data.count, &digest, &length, library.sha1(), nil) == 1, length == 20 else {
            throw .cryptoFailure("EVP_Digest")
        }
        return Array(digest.prefix(20))
    }
}
#endif
