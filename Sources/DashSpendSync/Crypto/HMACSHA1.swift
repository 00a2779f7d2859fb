import CCrypto

/// HMAC-SHA1 through libcrypto's one-shot `HMAC`.
public enum HMACSHA1 {
    /// The length of a WinZip-AES authentication code: the first 10 bytes of the HMAC.
    public static let winZipCodeLength = 10

    /// The full 20-byte HMAC-SHA1 of `data` under `key`.
    public static func authenticate(_ data: [UInt8], key: [UInt8]) throws(WinZipAESError) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let result = HMAC(EVP_sha1(), key, Int32(key.count), data, data.count, &digest, &length)
        guard result != nil, length == 20 else { throw .cryptoFailure("HMAC") }
        return Array(digest.prefix(Int(length)))
    }

    /// Compares two codes in time that does not depend on where they differ.
    public static func equalInConstantTime(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
        return difference == 0
    }
}
