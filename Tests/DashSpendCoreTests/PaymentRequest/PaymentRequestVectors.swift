/// Hand-built protobuf bytes for the payment-request tests, each field written out with its key, so a
/// reader can check them against BIP70's `paymentrequest.proto` by eye. The address paid is
/// `XdAUmwtig27HBG6WfYyHAzP8n6XC9jESEw` (hash160 `1b2a522c…4d50c846`).
enum PaymentRequestVectors {
    /// Bytes from hex, spaces ignored.
    static func hex(_ text: String) -> [UInt8] {
        let digits = Array(text.utf8.filter { $0 != UInt8(ascii: " ") })
        return stride(from: 0, to: digits.count, by: 2).map {
            UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)!
        }
    }

    /// The P2PKH script paying the address: OP_DUP OP_HASH160 <20> hash OP_EQUALVERIFY OP_CHECKSIG.
    static let p2pkhScript = hex("76 a9 14 1b2a522cc8d42b0be7ceb8db711416794d50c846 88 ac")
    /// The P2SH script of the same hash: OP_HASH160 <20> hash OP_EQUAL.
    static let p2shScript = hex("a9 14 1b2a522cc8d42b0be7ceb8db711416794d50c846 87")

    /// `Output { amount: 83333333, script: P2PKH }` (0.83333333 DASH).
    static let output = hex(
        "08 d5a1de27"  // 1 amount varint 83333333
            + " 12 19 76a9141b2a522cc8d42b0be7ceb8db711416794d50c84688ac")  // 2 script, 25 bytes

    /// `PaymentDetails` on main with the one output, time 1795435200 (2026-11-23T12:00:00Z) and 15 minutes
    /// to pay, a memo, a payment URL and merchant data (115 bytes).
    static let details = hex(
        "0a 04 6d61696e"  // 1 network "main"
            + " 12 20" + "08d5a1de27 121976a9141b2a522cc8d42b0be7ceb8db711416794d50c84688ac"  // 2 output
            + " 18 c0d590d806"  // 3 time 1795435200
            + " 20 c4dc90d806"  // 4 expires 1795436100
            + " 2a 1d 5061796d656e7420666f72206f72646572206374782d6f726465722d31"  // 5 memo "Payment for order ctx-order-1"
            + " 32 19 68747470733a2f2f6374782e6578616d706c652f7061792f31"  // 6 payment_url "https://ctx.example/pay/1"
            + " 3a 03 010203")  // 7 merchant_data

    /// `PaymentRequest { payment_details_version: 1, pki_type: "none", serialized_payment_details }`.
    static let unsigned = hex("08 01" + " 12 04 6e6f6e65") + hex("22 73") + details

    /// The same details with every kind of field a reader must skip, the defaults left out and a field sent
    /// twice: no version (1), no pki_type ("none"), no network ("main"); two outputs (P2PKH, then P2SH);
    /// fields out of order; memo twice (the last wins).
    static let unknownFields: [UInt8] = {
        let details =
            hex(" 2a 05 6669727374")  // 5 memo "first"
            + hex(" c8 06 2a")  // 105 varint 42 (unknown)
            + hex(" 18 c0d590d806")  // 3 time
            + hex(" 12 20 08d5a1de27 121976a9141b2a522cc8d42b0be7ceb8db711416794d50c84688ac")  // 2 output P2PKH
            + hex(" d1 06 0102030405060708")  // 106 fixed64 (unknown)
            + hex(" 12 1d 08c0843d 1217a9141b2a522cc8d42b0be7ceb8db711416794d50c84687")  // 2 output 1000000, P2SH
            + hex(" dd 06 01020304")  // 107 fixed32 (unknown)
            + hex(" e2 06 03 010203")  // 108 length-delimited (unknown)
            + hex(" ea 06 04 01 96 01 02")  // 109 packed varints 1, 150, 2 (unknown)
            + hex(" 2a 06 7365636f6e64")  // 5 memo "second"
        let length = UInt8(details.count)  // below 128: one byte
        return hex("f8 06 07")  // 111 varint 7 (unknown)
            + [0x22, length] + details  // 4 serialized_payment_details
            + hex("a2 06 02 6869")  // 100 "hi" (unknown)
    }()

    /// A DER certificate whose subject is O=CTX, CN=pay.ctx.example (issuer CN=Test CA): the parts of X.509
    /// a signer's name is read from, with a made-up signature.
    static let certificate = hex(
        "30 81 8b"  // Certificate
            + " 30 75"  // tbsCertificate
            + " a0 03 020102"  // [0] version 3
            + " 02 01 01"  // serial
            + " 30 0d 06092a864886f70d01010b 0500"  // sha256WithRSAEncryption
            + " 30 12 3110 300e 0603550403 0c07 54657374204341"  // issuer CN "Test CA"
            + " 30 1e 170d 3236313130313030303030305a 170d 3237313130313030303030305a"  // validity
            + " 30 28 310c 300a 060355040a 1303 435458"  // subject O "CTX"
            + " 3118 3016 0603550403 0c0f 7061792e6374782e6578616d706c65"  // CN "pay.ctx.example"
            + " 30 0d 06092a864886f70d01010b 0500"  // signatureAlgorithm
            + " 03 03 000102")  // signature

    /// `PaymentRequest` signed `x509+sha256` with ``certificate`` in `pki_data` and a made-up signature.
    static let signed =
        hex("08 01" + " 12 0b 783530392b736861323536")  // 2 pki_type "x509+sha256"
        + hex("1a 91 01" + " 0a 8e 01") + certificate  // 3 pki_data: X509Certificates { 1 certificate }
        + hex("22 73") + details  // 4 serialized_payment_details
        + hex("2a 04 deadbeef")  // 5 signature
}
