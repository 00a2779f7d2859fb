/// Base58check as Bitcoin-family addresses use it: payload + the first four bytes of its double SHA-256,
/// written in base58 with one leading `1` per leading zero byte.
public enum Base58Check {
    /// The base58 alphabet (no `0`, `O`, `I`, `l`).
    public static let alphabet = Array("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz".utf8)

    /// The payload of `text` (checksum removed), or nil when it is not base58 or the checksum is wrong.
    public static func decode(_ text: String) -> [UInt8]? {
        guard !text.isEmpty, text.utf8.count <= 128 else { return nil }
        var bytes: [UInt8] = []
        var leadingZeros = 0
        var seenNonZero = false
        for character in text.utf8 {
            guard let digit = alphabet.firstIndex(of: character) else { return nil }
            if digit == 0 && !seenNonZero {
                leadingZeros += 1
                continue
            }
            seenNonZero = true
            var carry = digit
            for index in bytes.indices.reversed() {
                carry += Int(bytes[index]) * 58
                bytes[index] = UInt8(carry & 0xFF)
                carry >>= 8
            }
            while carry > 0 {
                bytes.insert(UInt8(carry & 0xFF), at: 0)
                carry >>= 8
            }
        }
        let full = [UInt8](repeating: 0, count: leadingZeros) + bytes
        guard full.count >= 4 else { return nil }
        let payload = Array(full.dropLast(4))
        guard Array(full.suffix(4)) == checksum(payload) else { return nil }
        return payload
    }

    /// `payload` with its checksum, in base58.
    public static func encode(_ payload: [UInt8]) -> String {
        let full = payload + checksum(payload)
        var digits: [UInt8] = []
        for byte in full {
            var carry = Int(byte)
            for index in digits.indices.reversed() {
                carry += Int(digits[index]) << 8
                digits[index] = UInt8(carry % 58)
                carry /= 58
            }
            while carry > 0 {
                digits.insert(UInt8(carry % 58), at: 0)
                carry /= 58
            }
        }
        let zeros = full.prefix(while: { $0 == 0 }).count
        let text = [UInt8](repeating: alphabet[0], count: zeros) + digits.map { alphabet[Int($0)] }
        return String(decoding: text, as: UTF8.self)
    }

    /// The first four bytes of SHA-256(SHA-256(`payload`)).
    static func checksum(_ payload: [UInt8]) -> [UInt8] {
        Array(SHA256Digest.hash(SHA256Digest.hash(payload)).prefix(4))
    }
}

/// Dash addresses: base58check of a version byte and a 20-byte hash.
public enum DashAddress {
    /// The version bytes a network's addresses start with: P2PKH and P2SH (mainnet `X…`/`7…`, testnet
    /// `y…`/`8…`).
    public static func versionBytes(for network: DashSpendNetwork) -> Set<UInt8> {
        switch network {
        case .mainnet: return [0x4C, 0x10]
        case .testnet: return [0x8C, 0x13]
        }
    }

    /// Whether `text` is a valid base58check address for `network`.
    public static func isValid(_ text: String, network: DashSpendNetwork) -> Bool {
        guard let payload = Base58Check.decode(text), payload.count == 21 else { return false }
        return versionBytes(for: network).contains(payload[0])
    }
}
