/// A ``BarcodeImage`` as a PNG file: one bit per pixel greyscale (black 0, white 1), `moduleSize` pixels per
/// unit, the quiet zone included. The pixels are stored in uncompressed deflate blocks (a barcode is small,
/// and this needs no zlib), with the CRC-32 of each chunk and the Adler-32 of the pixels, so any PNG reader
/// opens it.
package enum BarcodePNG {
    /// The file's bytes.
    package static func file(_ image: BarcodeImage, moduleSize: Int = 4) -> [UInt8] {
        let scale = max(1, moduleSize)
        let (unitsWide, unitsHigh) = image.extent
        let width = unitsWide * scale
        let height = unitsHigh * scale
        let bytesPerLine = (width + 7) / 8
        // The pixels: each line a filter byte (0, none) and its bits, white (1) unless a dark module covers it.
        var pixels: [UInt8] = []
        pixels.reserveCapacity(height * (bytesPerLine + 1))
        for y in 0..<height {
            let unit = y / scale - image.verticalQuietZone
            let row = unit >= 0 ? unit / image.rowHeight : -1
            var line = [UInt8](repeating: 0xFF, count: bytesPerLine)
            for x in 0..<width where image.isDark(row: row, column: x / scale - image.quietZone) {
                line[x / 8] &= ~(0x80 >> UInt8(x % 8))
            }
            pixels.append(0)
            pixels += line
        }
        var header: [UInt8] = []
        append(UInt32(width), to: &header)
        append(UInt32(height), to: &header)
        header += [1, 0, 0, 0, 0]  // bit depth 1, greyscale, deflate, adaptive filtering, no interlace
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlibStored(pixels))
            + chunk("IEND", [])
    }

    /// A chunk: length, type, data, CRC-32 of type and data.
    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        append(UInt32(data.count), to: &bytes)
        let typed = Array(type.utf8) + data
        bytes += typed
        append(crc32(typed), to: &bytes)
        return bytes
    }

    /// A zlib stream of `data` in stored (uncompressed) deflate blocks of at most 65,535 bytes.
    package static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(data.count, start + 65_535)
            let length = UInt16(end - start)
            stream.append(end == data.count ? 1 : 0)
            stream += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            stream += data[start..<end]
            start = end
        } while start < data.count
        append(adler32(data), to: &stream)
        return stream
    }

    /// CRC-32 (ISO 3309, the polynomial 0xEDB88320 reflected), as PNG computes it.
    package static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? crc >> 1 ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// Adler-32 (RFC 1950).
    package static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    /// `value` big-endian.
    private static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
