/// AES in WinZip's counter mode: the key stream is AES-ECB of a 16-byte counter that is a LITTLE-endian
/// integer starting at 1 (the CTR modes of libcrypto and CommonCrypto count big-endian, so the counter
/// blocks are built here and encrypted by the platform's ``PlatformCrypto``).
/// Encryption and decryption are the same operation. The stream keeps its position, so data can be passed
/// in pieces of any size and gives the same result as passing it at once.
package final class AESCounterMode {
    /// How many blocks of key stream are made at once (64 KiB).
    static let blocksPerChunk = 4096

    private let cipher: PlatformCrypto.BlockCipher
    private var counter: UInt64 = 1
    private var high: UInt64 = 0
    private var counters = [UInt8](repeating: 0, count: blocksPerChunk * 16)
    private var keyStream = [UInt8](repeating: 0, count: blocksPerChunk * 16)
    /// The key stream bytes made so far, and how many of them are used.
    private var streamLength = 0
    private var streamPosition = 0

    /// A key stream for `key` (16, 24 or 32 bytes), at its start.
    package init(key: [UInt8]) throws(WinZipAESError) {
        cipher = try PlatformCrypto.blockCipher(key: key)
    }

    /// XORs `buffer` in place with the next `buffer.count` bytes of the key stream.
    package func apply(to buffer: UnsafeMutableRawBufferPointer) throws(WinZipAESError) {
        var offset = 0
        while offset < buffer.count {
            if streamPosition == streamLength {
                try refill(blocks: min(Self.blocksPerChunk, (buffer.count - offset + 15) / 16))
            }
            let length = min(buffer.count - offset, streamLength - streamPosition)
            keyStream.withUnsafeBytes { keyStream in
                var index = 0
                while index + 8 <= length {
                    let word =
                        buffer.loadUnaligned(fromByteOffset: offset + index, as: UInt64.self)
                        ^ keyStream.loadUnaligned(fromByteOffset: streamPosition + index, as: UInt64.self)
                    buffer.storeBytes(of: word, toByteOffset: offset + index, as: UInt64.self)
                    index += 8
                }
                while index < length {
                    buffer[offset + index] ^= keyStream[streamPosition + index]
                    index += 1
                }
            }
            streamPosition += length
            offset += length
        }
    }

    private func refill(blocks: Int) throws(WinZipAESError) {
        counters.withUnsafeMutableBytes { raw in
            for block in 0..<blocks {
                raw.storeBytes(of: counter.littleEndian, toByteOffset: block * 16, as: UInt64.self)
                raw.storeBytes(of: high.littleEndian, toByteOffset: block * 16 + 8, as: UInt64.self)
                counter &+= 1
                if counter == 0 { high &+= 1 }
            }
        }
        let cipher = cipher
        let encrypt = { (input: UnsafeRawBufferPointer, output: UnsafeMutableRawBufferPointer) throws(WinZipAESError) in
            try PlatformCrypto.encryptBlocks(input, into: output, with: cipher)
        }
        let failure = counters.withUnsafeBytes { input in
            keyStream.withUnsafeMutableBytes { output in
                catching { () throws(WinZipAESError) in
                    try encrypt(UnsafeRawBufferPointer(rebasing: input[..<(blocks * 16)]), output)
                }
            }
        }
        if let failure { throw failure }
        streamLength = blocks * 16
        streamPosition = 0
    }

    /// XORs `buffer` in place with the key stream of `key` (16, 24 or 32 bytes), from its start.
    package static func apply(key: [UInt8], to buffer: inout [UInt8]) throws(WinZipAESError) {
        let stream = try AESCounterMode(key: key)
        let apply = { (raw: UnsafeMutableRawBufferPointer) throws(WinZipAESError) in try stream.apply(to: raw) }
        if let error = buffer.withUnsafeMutableBytes({ raw in catching { () throws(WinZipAESError) in try apply(raw) } }) {
            throw error
        }
    }
}
