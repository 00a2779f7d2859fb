import CCrypto

/// AES in WinZip's counter mode: the key stream is AES-ECB of a 16-byte counter that is a LITTLE-endian
/// integer starting at 1 (OpenSSL's CTR mode counts big-endian, so the counter blocks are built here).
/// Encryption and decryption are the same operation.
public enum AESCounterMode {
    /// XORs `buffer` in place with the key stream of `key` (16, 24 or 32 bytes).
    public static func apply(key: [UInt8], to buffer: inout [UInt8]) throws(WinZipAESError) {
        let cipher: OpaquePointer?
        switch key.count {
        case 16: cipher = EVP_aes_128_ecb()
        case 24: cipher = EVP_aes_192_ecb()
        case 32: cipher = EVP_aes_256_ecb()
        default: throw .cryptoFailure("AES key of \(key.count) bytes")
        }
        guard let context = EVP_CIPHER_CTX_new() else { throw .cryptoFailure("EVP_CIPHER_CTX_new") }
        defer { EVP_CIPHER_CTX_free(context) }
        guard EVP_EncryptInit_ex(context, cipher, nil, key, nil) == 1,
            EVP_CIPHER_CTX_set_padding(context, 0) == 1
        else {
            throw .cryptoFailure("EVP_EncryptInit_ex")
        }
        let blocksPerChunk = 4096
        var counters = [UInt8](repeating: 0, count: blocksPerChunk * 16)
        var stream = [UInt8](repeating: 0, count: blocksPerChunk * 16)
        var counter: UInt64 = 1
        var high: UInt64 = 0
        var offset = 0
        while offset < buffer.count {
            let length = min(buffer.count - offset, counters.count)
            let blocks = (length + 15) / 16
            counters.withUnsafeMutableBytes { raw in
                for block in 0..<blocks {
                    raw.storeBytes(of: counter.littleEndian, toByteOffset: block * 16, as: UInt64.self)
                    raw.storeBytes(of: high.littleEndian, toByteOffset: block * 16 + 8, as: UInt64.self)
                    counter &+= 1
                    if counter == 0 { high &+= 1 }
                }
            }
            var produced: Int32 = 0
            guard EVP_EncryptUpdate(context, &stream, &produced, counters, Int32(blocks * 16)) == 1,
                Int(produced) == blocks * 16
            else {
                throw .cryptoFailure("EVP_EncryptUpdate")
            }
            buffer.withUnsafeMutableBytes { buffer in
                stream.withUnsafeBytes { keyStream in
                    var index = 0
                    while index + 8 <= length {
                        let word =
                            buffer.loadUnaligned(fromByteOffset: offset + index, as: UInt64.self)
                            ^ keyStream.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                        buffer.storeBytes(of: word, toByteOffset: offset + index, as: UInt64.self)
                        index += 8
                    }
                    while index < length {
                        buffer[offset + index] ^= keyStream[index]
                        index += 1
                    }
                }
            }
            offset += length
        }
    }
}
