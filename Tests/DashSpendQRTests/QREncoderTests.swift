import DashSpendQR
import Testing

/// The encoder's parts against values derived by hand from ISO/IEC 18004, and the finished symbol read back
/// module by module: function patterns, format and version information, mask choice, limits.
@Suite("QR encoder")
struct QREncoderTests {
    // MARK: - Data codewords

    @Test("\"hello\" in byte mode, version 1-M: mode 0100, count 00000101, the bytes, terminator, pads 0xEC 0x11")
    func helloCodewords() {
        // 0100 00000101 01101000 01100101 01101100 01101100 01101111 0000, then pads to 16 codewords.
        #expect(
            QREncoder.dataCodewords(Array("hello".utf8), version: 1) == [
                0x40, 0x56, 0x86, 0x56, 0xC6, 0xC6, 0xF0, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC,
            ])
    }

    @Test("A full version 1-M (14 bytes): the terminator fills the last 4 bits, no pad codeword")
    func fullVersion1() {
        let codewords = QREncoder.dataCodewords(Array("abcdefghijklmn".utf8), version: 1)
        #expect(codewords.count == 16)
        #expect(codewords.prefix(2) == [0x40, 0xE6])  // 0100 0000|1110 0110 ('a' = 0x61)
        #expect(codewords.last == 0xE0)  // low nibble of 'n' (0x6E), then the terminator 0000
    }

    @Test("From version 10 the character count takes 16 bits")
    func sixteenBitCount() {
        let text = "dash:" + String(repeating: "a", count: 195)
        let codewords = QREncoder.dataCodewords(Array(text.utf8), version: 10)
        // 0100 | 0000 0000 1100 1000 (200) | 0110 0100 ('d') | 0110 0001 ('a') ...
        #expect(codewords.prefix(4) == [0x40, 0x0C, 0x86, 0x46])
        #expect(codewords.count == 216)
    }

    @Test("Interleaving (version 13-M: 8 blocks of 37 data codewords, 1 of 38): data column by column, then corrections")
    func interleaving() {
        let data = (0..<334).map { UInt8($0 % 256) }
        let message = QREncoder.interleavedCodewords(data, version: 13)
        #expect(message.count == 532)
        let starts = (0..<9).map { $0 * 37 }  // the long block (the last) starts at 296
        #expect(Array(message[0..<9]) == starts.map { data[$0] })
        #expect(Array(message[9..<18]) == starts.map { data[$0 + 1] })
        #expect(message[333] == data[333])  // the long block's 38th codeword comes after all the columns of 37
        let blocks = (0..<9).map { index in Array(data[starts[index]..<(index == 8 ? 334 : starts[index] + 37)]) }
        let corrections = blocks.map { ReedSolomon.errorCorrection(for: $0, count: 22) }
        #expect(Array(message[334..<343]) == corrections.map { $0[0] })
        #expect(Array(message[523..<532]) == corrections.map { $0[21] })
    }

    // MARK: - Format and version information

    @Test(
        "Format bits for level M and each mask, as published (annex C)",
        arguments: zip(
            QRMask.allCases,
            [
                "101010000010010", "101000100100101", "101111001111100", "101101101001011",
                "100010111111001", "100000011001110", "100111110010111", "100101010100000",
            ]))
    func formatBits(mask: QRMask, published: String) {
        #expect(Self.binary(QRInformationBits.format(mask: mask), digits: 15) == published)
    }

    @Test(
        "Version bits, as published (annex D)",
        arguments: [
            (7, "000111110010010100"), (8, "001000010110111100"), (9, "001001101010011001"),
            (10, "001010010011010011"), (40, "101000110001101001"),
        ])
    func versionBits(version: Int, published: String) {
        #expect(Self.binary(QRInformationBits.version(version), digits: 18) == published)
    }

    // MARK: - The finished symbol

    @Test(
        "The finished symbol has its function patterns, both format copies and the version information",
        arguments: [
            "", "hello", "dash:XpESxaUmonkq8RaLLp46Brx2K39ggQe226?amount=0.12345678", String(repeating: "Dash", count: 40),
            String(repeating: "0123456789", count: 60), String(repeating: "x", count: 2331),
        ])
    func structure(text: String) throws {
        let code = try QRCode(encoding: text)
        #expect(code.size == 17 + 4 * code.version)
        #expect(code.version == QRVersionTable.smallestVersion(forByteCount: text.utf8.count))
        let last = code.size - 1

        // Finder patterns (dark ring, light ring, dark core) with light separators.
        for (top, left) in [(0, 0), (0, code.size - 7), (code.size - 7, 0)] {
            for dy in -1...7 {
                for dx in -1...7 {
                    let row = top + dy
                    let column = left + dx
                    guard (0...last).contains(row), (0...last).contains(column) else { continue }
                    let ring = max(abs(dy - 3), abs(dx - 3))
                    #expect(code.isDark(row: row, column: column) == (ring != 2 && ring != 4), "finder module \(row),\(column)")
                }
            }
        }
        // Timing patterns between the finders.
        for index in 8...(code.size - 9) {
            #expect(code[6, index] == index.isMultiple(of: 2))
            #expect(code[index, 6] == index.isMultiple(of: 2))
        }
        // Alignment patterns.
        let centres = QRVersionTable.alignmentPatternCentres(version: code.version)
        for row in centres {
            for column in centres
            where !(row == 6 && column == 6) && !(row == 6 && column == centres.last) && !(row == centres.last && column == 6) {
                for dy in -2...2 {
                    for dx in -2...2 {
                        #expect(code[row + dy, column + dx] == (max(abs(dy), abs(dx)) != 1), "alignment \(row),\(column)")
                    }
                }
            }
        }
        // The dark module.
        #expect(code[code.size - 8, 8])

        // Format information: both copies, bit 14 first (ISO/IEC 18004 figure 25).
        let first = [
            (8, 0), (8, 1), (8, 2), (8, 3), (8, 4), (8, 5), (8, 7), (8, 8), (7, 8), (5, 8), (4, 8), (3, 8), (2, 8), (1, 8),
            (0, 8),
        ]
        let second = (0..<7).map { (last - $0, 8) } + (0..<8).map { (8, code.size - 8 + $0) }
        let firstBits = first.map { code[$0.0, $0.1] ? "1" : "0" }.joined()
        let secondBits = second.map { code[$0.0, $0.1] ? "1" : "0" }.joined()
        #expect(firstBits == secondBits)
        let mask = try #require(QRMask(rawValue: code.mask))
        #expect(firstBits == Self.binary(QRInformationBits.format(mask: mask), digits: 15))
        // Unmasked, the format bits start with 00 (level M) and then the mask number.
        #expect((Int(firstBits, radix: 2)! ^ 0x5412) >> 10 == code.mask)

        // Version information from version 7: bit i at (size − 11 + i % 3, i / 3) and transposed.
        if code.version >= 7 {
            let lowerLeft = (0..<18).reversed().map { code[code.size - 11 + $0 % 3, $0 / 3] ? "1" : "0" }.joined()
            let upperRight = (0..<18).reversed().map { code[$0 / 3, code.size - 11 + $0 % 3] ? "1" : "0" }.joined()
            #expect(lowerLeft == Self.binary(QRInformationBits.version(code.version), digits: 18))
            #expect(upperRight == lowerLeft)
        }
        // Outside the symbol is the quiet zone.
        #expect(!code[-1, 0] && !code[0, code.size] && !code[code.size, code.size])
    }

    @Test("The mask chosen is one with the lowest penalty of all eight, and different inputs choose different masks")
    func maskChoice() throws {
        var random = SplitMix64Bytes(seed: 8)
        var chosen: Set<Int> = []
        for _ in 0..<24 {
            let bytes = random.bytes(random.int(in: 1...120))
            let code = try QRCode(bytes: bytes)
            let penalties = try QRMask.allCases.map { mask in
                let forced = try QREncoder.encode(bytes, mask: mask)
                return QRPenalty.score(forced.matrix.modules, size: forced.matrix.size)
            }
            #expect(penalties[code.mask] == penalties.min())
            #expect(penalties.firstIndex(of: penalties.min()!) == code.mask)
            chosen.insert(code.mask)
        }
        #expect(chosen.count >= 4, "masks chosen: \(chosen.sorted())")
    }

    // MARK: - Penalty rules

    @Test("Penalties of an all-light 21 × 21 matrix: rows and columns of 21, 400 blocks, no dark module")
    func penaltyAllLight() {
        let modules = [Bool](repeating: false, count: 21 * 21)
        #expect(QRPenalty.runs(modules, size: 21) == 42 * (3 + 16))
        #expect(QRPenalty.blocks(modules, size: 21) == 400 * 3)
        #expect(QRPenalty.finderLikePatterns(modules, size: 21) == 0)
        #expect(QRPenalty.balance(modules, size: 21) == 100)
        #expect(QRPenalty.score(modules, size: 21) == 798 + 1200 + 100)
    }

    @Test("A checkerboard has no penalty at all")
    func penaltyCheckerboard() {
        let modules = (0..<(21 * 21)).map { ($0 / 21 + $0 % 21) % 2 == 1 }
        #expect(QRPenalty.score(modules, size: 21) == 0)
    }

    @Test("One finder-like row 1011101 in an 11 × 11 light matrix, the quiet zone counting as light")
    func penaltyFinderLike() {
        var modules = [Bool](repeating: false, count: 11 * 11)
        for (column, dark) in [false, false, true, false, true, true, true, false, true, false, false].enumerated() {
            modules[5 * 11 + column] = dark
        }
        // Light on both sides (2 in the symbol, 4 of quiet zone): counted once before, once after.
        #expect(QRPenalty.finderLikePatterns(modules, size: 11) == 80)
        // 10 light rows of 11 (9 each); 5 columns split 5 + 5 by the dark module (3 + 3); 6 light columns (9).
        #expect(QRPenalty.runs(modules, size: 11) == 90 + 30 + 54)
        // 4 × 10 light blocks above, 4 × 10 below, 2 × 2 across row 5 at its light ends.
        #expect(QRPenalty.blocks(modules, size: 11) == 84 * 3)
        // 5 dark of 121 is 4.1 %: 45.9 points from half, 9 full steps of 5 %.
        #expect(QRPenalty.balance(modules, size: 11) == 90)
    }

    // MARK: - Limits

    @Test("Up to 2,331 bytes fit (version 40); one more is an error that says how long and what fits")
    func limits() throws {
        #expect(try QRCode(encoding: String(repeating: "a", count: 2331)).version == 40)
        #expect(throws: QRCodeError.tooLong(byteCount: 2332, maximum: 2331)) {
            try QRCode(encoding: String(repeating: "a", count: 2332))
        }
        // Text is measured in UTF-8 bytes: 777 euro signs are 2,331 bytes, 778 are too many.
        #expect(try QRCode(encoding: String(repeating: "€", count: 777)).version == 40)
        #expect(throws: QRCodeError.tooLong(byteCount: 2334, maximum: 2331)) {
            try QRCode(encoding: String(repeating: "€", count: 778))
        }
        #expect(
            QRCodeError.tooLong(byteCount: 2334, maximum: 2331).description
                == "the text is 2334 bytes long; a QR code (version 40, error correction M) holds at most 2331")
        #expect(try QRCode(encoding: "").version == 1)
    }

    static func binary(_ value: Int, digits: Int) -> String {
        let text = String(value, radix: 2)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
