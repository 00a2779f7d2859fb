import Foundation

/// Reads PDF417 (and Code 128) symbols from PGM, PNG and SVG images with zxing-cpp's Python binding (`pip install
/// zxing-cpp`; `.ci/run` installs it), run as a real `python3` process: the independent reader the PDF417
/// encoder is checked against (ZBar reads no PDF417).
package enum ZXingReader {
    /// Why a check that needs the reader cannot run.
    package static let missingReason =
        "python3 with zxing-cpp is missing (pip install zxing-cpp; .ci/run installs it), so PDF417 symbols cannot be decoded (under CI this fails)"

    /// The `python3` on `PATH` when it imports `zxingcpp`, or nil.
    package static let python: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        guard
            let python = path.split(separator: ":").map({ $0 + "/python3" })
                .first(where: { FileManager.default.isExecutableFile(atPath: $0) }),
            let output = try? ChildProcess.run(python, ["-c", "import zxingcpp"]), output.status == 0
        else { return nil }
        return python
    }()

    /// Whether the decode checks must run: the reader is installed, or `CI` is set, where a missing reader
    /// fails the run instead of skipping the check quietly.
    package static var checkRequired: Bool { python != nil || CIEnvironment.isCI }

    /// What went wrong running the reader.
    package struct Failure: Error, CustomStringConvertible {
        /// A one-line message.
        package let description: String
    }

    /// Reads each image given after the first argument and prints, a line per image, the text of every
    /// barcode of the format given first (a `zxingcpp.BarcodeFormat` name) as UTF-8 bytes in hex, separated
    /// by commas (an empty line when there is none). An image is a
    /// binary PGM (P5, 8 bits); a PNG of 1-bit greyscale (its chunks' CRC-32 checked, inflated by Python's
    /// zlib, which checks the Adler-32); or an SVG of a white `rect` and black `path` of `M x y h w v h h-w z`
    /// rectangles in a `viewBox` (parsed as XML by Python, drawn 2 pixels per unit): each read on its own, apart
    /// from the Swift code that wrote it.
    static let script = """
        import sys, struct, zlib, re, zxingcpp
        import xml.etree.ElementTree as ET
        def read(path, name):
            data = open(path, 'rb').read()
            if data.startswith(b'P5'):
                fields = data.split(maxsplit=4)
                assert fields[3] == b'255', 'not an 8-bit PGM'
                width, height = int(fields[1]), int(fields[2])
                pixels = bytearray(fields[4][:width * height])
            elif data.startswith(b'\\x89PNG\\r\\n\\x1a\\n'):
                offset, idat, header = 8, b'', None
                while offset < len(data):
                    length, kind = struct.unpack('>I4s', data[offset:offset + 8])
                    body = data[offset + 8:offset + 8 + length]
                    crc, = struct.unpack('>I', data[offset + 8 + length:offset + 12 + length])
                    assert zlib.crc32(kind + body) == crc, 'bad CRC in ' + kind.decode()
                    if kind == b'IHDR': header = struct.unpack('>IIBBBBB', body)
                    if kind == b'IDAT': idat += body
                    offset += 12 + length
                width, height, depth, colour = header[:4]
                assert depth == 1 and colour == 0, 'not 1-bit greyscale'
                raw = zlib.decompress(idat)
                stride = (width + 7) // 8
                pixels = bytearray()
                for y in range(height):
                    line = raw[y * (stride + 1):(y + 1) * (stride + 1)]
                    assert line[0] == 0, 'a filter other than none'
                    pixels += bytes(255 if line[1 + x // 8] >> (7 - x % 8) & 1 else 0 for x in range(width))
            else:
                root = ET.fromstring(data)
                ns = '{http://www.w3.org/2000/svg}'
                _, _, units_wide, units_high = (int(v) for v in root.get('viewBox').split())
                scale = 2
                width, height = units_wide * scale, units_high * scale
                pixels = bytearray([0]) * (width * height)
                rect = root.find(ns + 'rect')
                assert rect.get('fill').upper() == '#FFFFFF'
                for y in range(height):
                    for x in range(width): pixels[y * width + x] = 255
                for shape in root.findall(ns + 'path'):
                    assert shape.get('fill') == '#000000'
                    for x0, y0, w, h, w2 in re.findall(r'M(\\d+) (\\d+)h(\\d+)v(\\d+)h-(\\d+)z', shape.get('d')):
                        x0, y0, w, h = int(x0), int(y0), int(w), int(h)
                        assert int(w2) == w
                        for y in range(y0 * scale, (y0 + h) * scale):
                            for x in range(x0 * scale, (x0 + w) * scale): pixels[y * width + x] = 0
            view = memoryview(bytes(pixels)).cast('B', (height, width))
            return [b.bytes.hex() for b in zxingcpp.read_barcodes(view, formats=getattr(zxingcpp.BarcodeFormat, name))]
        for path in sys.argv[2:]:
            print(','.join(read(path, sys.argv[1])))
        """

    /// The text (UTF-8) of each barcode of `format` (`PDF417`, `Code128`) zxing-cpp finds in the image (PGM,
    /// PNG or SVG, as the script reads them) at `path`. The process is waited for on a thread of its own (see
    /// `ZBarReader.decode(imageAt:symbology:)`).
    package static func decode(imageAt path: String, format: String = "PDF417") async throws -> [String] {
        try await decodeBytes(imagesAt: [path], format: format)[0].map { String(decoding: $0, as: UTF8.self) }
    }

    /// The bytes of each barcode of `format` in each image at `paths`, read by one process.
    package static func decodeBytes(imagesAt paths: [String], format: String = "PDF417") async throws -> [[[UInt8]]] {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try decodeBlocking(imagesAt: paths, format: format) })
            }
        }
    }

    private static func decodeBlocking(imagesAt paths: [String], format: String) throws -> [[[UInt8]]] {
        guard let python else { throw Failure(description: missingReason) }
        let output = try ChildProcess.run(python, ["-c", script, format] + paths)
        guard output.status == 0 else {
            throw Failure(description: "zxing-cpp exited with \(output.status) on \(paths.first ?? ""): \(output.stderr)")
        }
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).prefix(paths.count)
        guard lines.count == paths.count else {
            throw Failure(description: "zxing-cpp answered for \(lines.count) of \(paths.count) images")
        }
        return lines.map { line in line.split(separator: ",").map(bytes(hex:)) }
    }

    /// The bytes written in `hex`.
    private static func bytes(hex: Substring) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex, let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex) {
            bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return bytes
    }
}
