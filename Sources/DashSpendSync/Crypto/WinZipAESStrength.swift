/// The AES key size of a WinZip-AES entry (the strength byte of extra field `0x9901`).
package enum WinZipAESStrength: UInt8, Sendable, Hashable, CaseIterable {
    /// AES-128 (strength 1).
    case aes128 = 1
    /// AES-192 (strength 2).
    case aes192 = 2
    /// AES-256 (strength 3): what the wallets' ZIPs use.
    case aes256 = 3

    /// The AES key length in bytes; the HMAC key has the same length.
    package var keyLength: Int { 8 + Int(rawValue) * 8 }
    /// The salt length in bytes: 8, 12 or 16.
    package var saltLength: Int { 4 + Int(rawValue) * 4 }
}
