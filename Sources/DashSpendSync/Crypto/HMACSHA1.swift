import CCrypto

/// HMAC-SHA1 (RFC 2104) over libcrypto's SHA-1 digest, fed in pieces so a large ciphertext can be
/// authenticated while it is read in chunks.
package final class HMACSHA1 {
    /// The length of a WinZip-AES authentication code: the first 10 bytes of the HMAC.
    package static let winZipCodeLength = 10
    static let blockLength = 64

    private let context: OpaquePointer
    private let outerPad: [UInt8]
    private var finished = false

    /// Starts an HMAC under `key`.
    package init(key: [UInt8]) throws(WinZipAESError) {
        var key = key
        if key.count > Self.blockLength { key = try Self.sha1(key) }
        key += [UInt8](repeating: 0, count: Self.blockLength - key.count)
        outerPad = key.map { $0 ^ 0x5C }
        let innerPad = key.map { $0 ^ 0x36 }
        guard let context = EVP_MD_CTX_new() else { throw .cryptoFailure("EVP_MD_CTX_new") }
        self.context = context
        guard EVP_DigestInit_ex(context, EVP_sha1(), nil) == 1,
            EVP_DigestUpdate(context, innerPad, innerPad.count) == 1
        else {
            throw .cryptoFailure("EVP_DigestInit_ex")
        }
    }

    deinit { EVP_MD_CTX_free(context) }

    /// Adds `bytes` to the authenticated data.
    package func update(_ bytes: UnsafeRawBufferPointer) throws(WinZipAESError) {
        guard !bytes.isEmpty else { return }
        guard !finished, EVP_DigestUpdate(context, bytes.baseAddress, bytes.count) == 1 else {
            throw .cryptoFailure("EVP_DigestUpdate")
        }
    }

    /// The full 20-byte HMAC of everything passed to ``update(_:)``; the object cannot be used after.
    package func finalize() throws(WinZipAESError) -> [UInt8] {
        guard !finished else { throw .cryptoFailure("HMAC finalized twice") }
        finished = true
        var inner = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard EVP_DigestFinal_ex(context, &inner, &length) == 1, length == 20 else {
            throw .cryptoFailure("EVP_DigestFinal_ex")
        }
        return try Self.sha1(outerPad + inner.prefix(20))
    }

    /// The full 20-byte HMAC-SHA1 of `data` under `key`.
    package static func authenticate(_ data: [UInt8], key: [UInt8]) throws(WinZipAESError) -> [UInt8] {
        let hmac = try HMACSHA1(key: key)
        if let error = data.withUnsafeBytes({ raw in catching { () throws(WinZipAESError) in try hmac.update(raw) } }) {
            throw error
        }
        return try hmac.finalize()
    }

    /// Compares two codes in time that does not depend on where they differ.
    package static func equalInConstantTime(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
        return difference == 0
    }

    private static func sha1(_ data: [UInt8]) throws(WinZipAESError) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard EVP_Digest(data, data.count, &digest, &length, EVP_sha1(), nil) == 1, length == 20 else {
            throw .cryptoFailure("EVP_Digest")
        }
        return Array(digest.prefix(20))
    }
}
