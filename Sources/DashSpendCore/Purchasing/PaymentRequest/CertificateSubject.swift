/// The subject common name of a DER X.509 certificate, read without checking anything about the
/// certificate: what a signed payment request says its signer is, reported as a claim.
enum CertificateSubject {
    /// The subject's last common name (OID 2.5.4.3) as text, or nil when the bytes are not a certificate
    /// this reader can walk or it names none.
    static func commonName(of der: [UInt8]) -> String? {
        guard let certificate = element(der, at: 0), certificate.tag == 0x30,
            let tbs = element(der, at: certificate.contents.lowerBound), tbs.tag == 0x30
        else { return nil }
        var children = elements(der, in: tbs.contents)
        if children.first?.tag == 0xA0 { children.removeFirst() }  // [0] version
        // serialNumber, signature, issuer, validity, subject
        guard children.count >= 5, children[4].tag == 0x30 else { return nil }
        var name: String?
        for set in elements(der, in: children[4].contents) where set.tag == 0x31 {
            for pair in elements(der, in: set.contents) where pair.tag == 0x30 {
                let parts = elements(der, in: pair.contents)
                guard parts.count == 2, parts[0].tag == 0x06, Array(der[parts[0].contents]) == [0x55, 0x04, 0x03]
                else { continue }
                // UTF8String, PrintableString, IA5String, T61String
                if [0x0C, 0x13, 0x16, 0x14].contains(parts[1].tag) {
                    name = String(decoding: der[parts[1].contents], as: UTF8.self)
                }
            }
        }
        return name
    }

    private struct Element {
        let tag: UInt8
        let contents: Range<Int>
    }

    /// The elements one after another in `range`, stopping at the first that cannot be read.
    private static func elements(_ der: [UInt8], in range: Range<Int>) -> [Element] {
        var result: [Element] = []
        var offset = range.lowerBound
        while offset < range.upperBound, let next = element(der, at: offset), next.contents.upperBound <= range.upperBound {
            result.append(next)
            offset = next.contents.upperBound
        }
        return result
    }

    /// The element (single-byte tag, definite length) starting at `offset`.
    private static func element(_ der: [UInt8], at offset: Int) -> Element? {
        guard offset + 2 <= der.count else { return nil }
        let tag = der[offset]
        var length = Int(der[offset + 1])
        var start = offset + 2
        if length & 0x80 != 0 {
            let count = length & 0x7F
            guard count >= 1, count <= 4, start + count <= der.count else { return nil }
            length = der[start..<start + count].reduce(0) { $0 << 8 | Int($1) }
            start += count
        }
        guard length <= der.count - start else { return nil }
        return Element(tag: tag, contents: start..<start + length)
    }
}
