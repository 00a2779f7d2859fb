import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// BIP70 signatures checked by the platform's backend (``PlatformX509``: libcrypto on Linux,
/// Security.framework on Apple platforms) against vectors made at run time by an independent tool
/// (``X509TestAuthority``: Python `cryptography`): good requests signed over SHA-256 and SHA-1, a flipped
/// signature byte, an output changed after signing, an expired leaf, a leaf under an untrusted root, a chain
/// without its intermediate.
@Suite(
    "Payment request signatures are checked with the platform's crypto",
    .enabled(if: X509TestAuthority.checkRequired, "\(X509TestAuthority.missingReason)"))
struct PaymentRequestSignatureTests {
    let authority: X509TestAuthority

    init() throws { authority = try X509TestAuthority.made() }

    /// A request for order `id`, without its signature.
    static func request(
        certificates: [[UInt8]], pkiType: String = "x509+sha256", dash: Decimal = Decimal(string: "0.83333333")!
    ) -> PaymentRequestEncoder {
        var request = PaymentRequestEncoder()
        request.time = UInt64(Date().timeIntervalSince1970)
        request.expires = request.time + 900
        request.memo = "Payment for CTX order ctx-order-1"
        request.paymentURL = "https://ctx.example/bip70/pay/ctx-order-1"
        request.merchantData = Array("ctx-order-1".utf8)
        request.pay(dash, to: MockOrderBook.dashAddress)
        request.pkiType = pkiType
        request.certificates = certificates
        request.signature = []
        return request
    }

    /// `request` signed by the authority's leaf key with `digest`.
    func signed(_ request: PaymentRequestEncoder, digest: String = "sha256") throws -> PaymentRequestEncoder {
        var request = request
        request.signature = try authority.sign([request.bytes], digest: digest)[0]
        return request
    }

    /// The signature of `bytes` as checked at `date` by the platform's backend, trusting the test root.
    func check(_ bytes: [UInt8], at date: Date = Date(), roots: [[UInt8]]? = nil) throws -> DashPaymentRequest.Signature {
        try DashPaymentRequest(decoding: bytes).checkingSignature(
            trustedRoots: roots ?? [authority.root], at: date, with: PlatformX509.self
        ).signature
    }

    @Test("The signed bytes are the request as sent with field 5 emptied, wherever it is", arguments: [false, true])
    func signedBytes(signatureFirst: Bool) throws {
        var encoder = Self.request(certificates: [authority.leaf])
        let unsigned = encoder.bytes
        encoder.signature = [1, 2, 3, 4, 5]
        var bytes = encoder.bytes
        if signatureFirst {
            // The signature field moved to the front: emptied in place, the rest as sent.
            let rest = Array(unsigned.dropLast(2))
            bytes = [0x2A, 5, 1, 2, 3, 4, 5] + rest
            let expected: [UInt8] = [0x2A, 0] + rest
            #expect(DashPaymentRequest.signedBytes(of: bytes) == expected)
        } else {
            #expect(Array(unsigned.suffix(2)) == [0x2A, 0], "an empty signature is written as field 5 of length 0")
            #expect(DashPaymentRequest.signedBytes(of: bytes) == unsigned)
        }
        #expect(DashPaymentRequest.signedBytes(of: [0x2A, 9, 1]) == nil, "a cut-short message is not signed bytes")
    }

    @Test("A request signed by the leaf under a trusted root is verified, over SHA-256 and SHA-1", arguments: ["sha256", "sha1"])
    func verified(digest: String) throws {
        let request = try signed(
            Self.request(certificates: [authority.leaf, authority.intermediate], pkiType: "x509+\(digest)"), digest: digest)
        #expect(try check(request.bytes) == .verified(pkiType: "x509+\(digest)", signer: "pay.ctx.example"))
        #expect(try check(request.bytes).isVerified)
    }

    @Test("A SHA-1 signature sent as x509+sha256 fails")
    func wrongDigest() throws {
        let request = try signed(Self.request(certificates: [authority.leaf, authority.intermediate]), digest: "sha1")
        let signature = try check(request.bytes)
        guard case .failed(_, let signer, let reason) = signature else { Issue.record("\(signature)"); return }
        #expect(signer == "pay.ctx.example")
        #expect(reason.contains("not the signing certificate's signature"), "\(reason)")
    }

    @Test("A flipped signature byte fails")
    func flippedByte() throws {
        var request = try signed(Self.request(certificates: [authority.leaf, authority.intermediate]))
        request.signature?[7] ^= 0x20
        let signature = try check(request.bytes)
        guard case .failed(_, _, let reason) = signature else { Issue.record("\(signature)"); return }
        #expect(reason.contains("not the signing certificate's signature"), "\(reason)")
    }

    @Test("An output changed after signing fails")
    func changedOutput() throws {
        let good = try signed(Self.request(certificates: [authority.leaf, authority.intermediate]))
        var changed = Self.request(certificates: [authority.leaf, authority.intermediate], dash: 1)
        changed.time = good.time
        changed.expires = good.expires
        changed.signature = good.signature
        #expect(try check(good.bytes).isVerified)
        let signature = try check(changed.bytes)
        guard case .failed(_, _, let reason) = signature else { Issue.record("\(signature)"); return }
        #expect(reason.contains("not the signing certificate's signature"), "\(reason)")
    }

    @Test("An expired leaf fails, and so does a good leaf checked after it expires")
    func expired() throws {
        let request = try signed(Self.request(certificates: [authority.expiredLeaf, authority.intermediate]))
        let signature = try check(request.bytes)
        guard case .failed(_, let signer, let reason) = signature else { Issue.record("\(signature)"); return }
        #expect(signer == "pay.ctx.example")
        #expect(reason.contains("expired"), "\(reason)")

        let good = try signed(Self.request(certificates: [authority.leaf, authority.intermediate]))
        let later = try check(good.bytes, at: Date().addingTimeInterval(400 * 86_400))
        guard case .failed(_, _, let laterReason) = later else { Issue.record("\(later)"); return }
        #expect(laterReason.contains("expired"), "\(laterReason)")
    }

    @Test("A leaf under an untrusted root, or a good chain whose root is not trusted, fails")
    func untrusted() throws {
        let foreign = try signed(Self.request(certificates: [authority.untrustedLeaf, authority.untrustedRoot]))
        let signature = try check(foreign.bytes)
        guard case .failed(_, _, let reason) = signature else { Issue.record("\(signature)"); return }
        #expect(reason.contains("does not verify"), "\(reason)")

        let good = try signed(Self.request(certificates: [authority.leaf, authority.intermediate]))
        let withoutRoot = try check(good.bytes, roots: [])
        guard case .failed(_, _, let rootReason) = withoutRoot else { Issue.record("\(withoutRoot)"); return }
        #expect(rootReason.contains("does not verify"), "\(rootReason)")
    }

    @Test("A chain sent without its intermediate fails; a request without certificates or signature fails")
    func incomplete() throws {
        let leafOnly = try signed(Self.request(certificates: [authority.leaf]))
        guard case .failed = try check(leafOnly.bytes) else { Issue.record("verified without the intermediate"); return }

        var noSignature = Self.request(certificates: [authority.leaf, authority.intermediate])
        noSignature.signature = nil
        #expect(
            try check(noSignature.bytes)
                == .failed(pkiType: "x509+sha256", signer: "pay.ctx.example", reason: "it has no signature"))

        let noCertificates = try signed(Self.request(certificates: []))
        #expect(
            try check(noCertificates.bytes)
                == .failed(pkiType: "x509+sha256", signer: nil, reason: "pki_data holds no certificate"))

        let garbage = try signed(Self.request(certificates: [[0x30, 0x03, 0x02, 0x01, 0x01], authority.intermediate]))
        #expect(
            try check(garbage.bytes)
                == .failed(pkiType: "x509+sha256", signer: nil, reason: "the signing certificate cannot be read"))
    }
}
