/// The comment of the wallets' explore ZIP: `"<timestampMs>#<checksum>"`. The checksum is the CRC-32C of the
/// SQLite file inside, in lowercase hex without zero padding, and is also the archive's password.
package struct ExploreArchiveComment: Sendable, Hashable {
    /// When the data was produced, in milliseconds since 1970.
    package let timestamp: Int64
    /// The checksum text exactly as written (the password).
    package let checksum: String
    /// The checksum's value.
    package let checksumValue: UInt32

    /// Parses `comment`, or returns nil when it is not in the wallets' format.
    package init?(_ comment: String) {
        let parts = comment.split(separator: "#", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].allSatisfy(\.isASCII), let timestamp = Int64(parts[0]),
            timestamp >= 0, (1...8).contains(parts[1].count), parts[1].allSatisfy(\.isHexDigit),
            let value = UInt32(parts[1], radix: 16)
        else {
            return nil
        }
        self.timestamp = timestamp
        checksum = String(parts[1])
        checksumValue = value
    }

    /// The comment for `timestamp` and `checksum` as the wallets write it.
    package static func text(timestamp: Int64, checksum: UInt32) -> String {
        "\(timestamp)#\(String(checksum, radix: 16))"
    }
}
