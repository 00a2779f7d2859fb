/// Extra field `0x9901`: the WinZip-AES version (AE-1 keeps the CRC-32, AE-2 zeroes it), key strength and
/// the real compression method of an entry stored with method 99.
struct WinZipAESExtraField: Sendable, Hashable {
    /// The extra field's header ID.
    static let headerID: UInt16 = 0x9901
    /// 1 for AE-1, 2 for AE-2.
    package let vendorVersion: UInt16
    /// The AES key size.
    package let strength: WinZipAESStrength
    /// The compression method of the decrypted data (8 deflate, 0 stored).
    let actualMethod: UInt16

    /// Finds and parses the field in an entry's extra data.
    init(extra: ArraySlice<UInt8>) throws(ZipError) {
        let reader = ByteReader(bytes: Array(extra))
        var offset = 0
        while let id = reader.uint16(at: offset), let size = reader.uint16(at: offset + 2) {
            guard let body = reader.slice(at: offset + 4, count: Int(size)) else {
                throw .outOfBounds("an extra field")
            }
            if id == Self.headerID {
                let field = ByteReader(bytes: Array(body))
                guard size >= 7, let version = field.uint16(at: 0), let method = field.uint16(at: 5) else {
                    throw .unsupportedEntry("the WinZip-AES extra field is \(size) bytes, not 7")
                }
                guard version == 1 || version == 2 else {
                    throw .unsupportedEntry("WinZip-AES version \(version) (only AE-1 and AE-2 exist)")
                }
                guard body[body.startIndex + 2] == UInt8(ascii: "A"), body[body.startIndex + 3] == UInt8(ascii: "E") else {
                    throw .unsupportedEntry("the WinZip-AES extra field has no \"AE\" vendor ID")
                }
                guard let strength = WinZipAESStrength(rawValue: body[body.startIndex + 4]) else {
                    throw .unsupportedEntry("unknown AES strength \(body[body.startIndex + 4])")
                }
                vendorVersion = version
                self.strength = strength
                actualMethod = method
                return
            }
            offset += 4 + Int(size)
        }
        throw .unsupportedEntry("it is marked AES-encrypted (method 99) but has no WinZip-AES extra field 0x9901")
    }
}
