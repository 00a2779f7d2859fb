/// HMAC-SHA1 (RFC 2104) through the platform's ``PlatformCrypto``, fed in pieces so a large ciphertext can
/// be authenticated while it is read in chunks.
package final class HMACSHA1 {
    /// The length of a WinZip-AES authentication code: the first 10 bytes of the HMAC.
    package static let winZipCodeLength = 10

    private let authenticator: PlatformCrypto.Authenticator

    /// Starts an HMAC under `key`.
    package init(key: [UInt8]) throws(WinZipAESError) {
        authenticator = try PlatformCrypto.authenticator(key: key)
    }

    /// Adds `bytes` to the authenticated data.
    package func update(_ bytes: UnsafeRawBufferPointer) throws(WinZipAESError) {
        try PlatformCrypto.update(authenticator, with: bytes)
    }

    /// The full 20-byte HMAC of everything passed to ``update(_:)``; the object cannot be used after.
    func finalize() throws(WinZipAESError) -> [UInt8] {
        try PlatformCrypto.finish(authenticator)
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
    static func equalInConstantTime(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
        return difference == 0
    }
}
