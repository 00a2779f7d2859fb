/// Turns bytes into a QR Code symbol (ISO/IEC 18004): one byte-mode segment, error-correction level M, the
/// smallest version that holds it, and the mask with the lowest penalty.
package enum QREncoder {
    /// The mode indicator of byte mode.
    static let byteModeIndicator = 0b0100
    /// The pad codewords that fill the data capacity after the terminator, alternately.
    static let padCodewords: [UInt8] = [0xEC, 0x11]

    /// The symbol for `bytes`: its version, the mask (`mask`, else the one with the lowest penalty) and the
    /// finished matrix.
    package static func encode(
        _ bytes: [UInt8], mask forcedMask: QRMask? = nil
    ) throws(QRCodeError) -> (version: Int, mask: QRMask, matrix: QRMatrix) {
        guard let version = QRVersionTable.smallestVersion(forByteCount: bytes.count) else {
            throw .tooLong(byteCount: bytes.count, maximum: QRVersionTable.byteCapacity(version: 40))
        }
        var matrix = QRMatrix(version: version)
        matrix.place(codewords: interleavedCodewords(dataCodewords(bytes, version: version), version: version))
        let mask = forcedMask ?? bestMask(for: matrix).mask
        matrix.apply(mask)
        matrix.drawFormat(mask: mask)
        return (version, mask, matrix)
    }

    /// The data codewords of `bytes` in `version`: mode indicator, character count, the bytes, up to four
    /// zero bits of terminator, zero bits to the byte boundary, then pad codewords up to the capacity.
    package static func dataCodewords(_ bytes: [UInt8], version: Int) -> [UInt8] {
        let capacity = QRVersionTable.dataCodewords(version: version)
        var buffer = QRBitBuffer()
        buffer.append(byteModeIndicator, bits: 4)
        buffer.append(bytes.count, bits: QRVersionTable.byteModeCountBits(version: version))
        for byte in bytes { buffer.append(Int(byte), bits: 8) }
        precondition(buffer.count <= capacity * 8, "\(bytes.count) bytes do not fit in version \(version)")
        buffer.append(0, bits: min(4, capacity * 8 - buffer.count))
        buffer.append(0, bits: (8 - buffer.count % 8) % 8)
        var codewords = buffer.bytes
        let padStart = codewords.count
        while codewords.count < capacity { codewords.append(padCodewords[(codewords.count - padStart) % 2]) }
        return codewords
    }

    /// The final message (7.6): `data` split into the version's blocks (the shorter ones first, the longer
    /// holding one more data codeword), each block's error-correction codewords appended, then the data
    /// codewords taken column by column across the blocks, followed by the error-correction codewords the same
    /// way.
    package static func interleavedCodewords(_ data: [UInt8], version: Int) -> [UInt8] {
        let blockCount = QRVersionTable.blockCount(version: version)
        let correctionCount = QRVersionTable.errorCorrectionCodewordsPerBlock(version: version)
        let total = QRVersionTable.totalCodewords(version: version)
        precondition(data.count == total - blockCount * correctionCount, "wrong number of data codewords")
        let shortBlocks = blockCount - total % blockCount
        let shortLength = total / blockCount - correctionCount

        let generator = ReedSolomon.generator(degree: correctionCount)
        var blocks: [[UInt8]] = []
        var corrections: [[UInt8]] = []
        var start = 0
        for index in 0..<blockCount {
            let length = shortLength + (index < shortBlocks ? 0 : 1)
            let block = Array(data[start..<(start + length)])
            blocks.append(block)
            corrections.append(ReedSolomon.errorCorrection(for: block, generator: generator))
            start += length
        }

        var message: [UInt8] = []
        message.reserveCapacity(total)
        for column in 0...shortLength {
            for block in blocks where column < block.count { message.append(block[column]) }
        }
        for column in 0..<correctionCount {
            for correction in corrections { message.append(correction[column]) }
        }
        return message
    }

    /// The mask whose result (with its format information drawn) has the lowest penalty, the lowest-numbered
    /// one on a tie, and that penalty.
    static func bestMask(for matrix: QRMatrix) -> (mask: QRMask, penalty: Int) {
        var best: (mask: QRMask, penalty: Int)?
        for mask in QRMask.allCases {
            let penalty = penalty(of: matrix, masked: mask)
            if best == nil || penalty < best!.penalty { best = (mask, penalty) }
        }
        return best!
    }

    /// The penalty of `matrix` once `mask` and its format information are applied.
    package static func penalty(of matrix: QRMatrix, masked mask: QRMask) -> Int {
        var candidate = matrix
        candidate.apply(mask)
        candidate.drawFormat(mask: mask)
        return QRPenalty.score(candidate.modules, size: candidate.size)
    }
}
