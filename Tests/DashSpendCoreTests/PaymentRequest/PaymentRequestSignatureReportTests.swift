import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// What is reported where nothing can be checked: another `pki_type`, a platform without crypto, and an
/// unsigned request left alone. (No vectors needed: a backend that cannot check stands in.)
@Suite struct PaymentRequestSignatureReportTests {
    /// A platform without crypto to check with.
    enum NoCrypto: X509SignatureBackend {
        static func verify(
            signature: [UInt8], of message: [UInt8], digest: X509SignatureDigest, certificates: [[UInt8]],
            trustedRoots: [[UInt8]], at date: Date
        ) -> X509SignatureOutcome {
            .unavailable("libcrypto cannot be loaded (libcrypto.so.3: not found)")
        }
    }

    static func bytes(pkiType: String?, certificates: [[UInt8]] = [[0x30, 0x00]]) -> [UInt8] {
        var request = PaymentRequestSignatureTests.request(certificates: certificates, pkiType: pkiType ?? "none")
        request.pkiType = pkiType
        request.signature = pkiType == nil ? nil : [1, 2, 3]
        return request.bytes
    }

    @Test func withoutCryptoASignedRequestIsPlainlyNotVerified() throws {
        let request = try DashPaymentRequest(decoding: Self.bytes(pkiType: "x509+sha256"))
        #expect(request.signature == .notVerified(pkiType: "x509+sha256", signer: nil, reason: "not checked"))
        let checked = request.checkingSignature(trustedRoots: [], at: Date(), with: NoCrypto.self)
        #expect(
            checked.signature
                == .notVerified(
                    pkiType: "x509+sha256", signer: nil,
                    reason: "this build cannot check signatures here: libcrypto cannot be loaded (libcrypto.so.3: not found)"))
        #expect(!checked.signature.isVerified)
        #expect(checked.bytes == request.bytes)
    }

    @Test func anotherPKITypeIsNotVerifiedAndAnUnsignedRequestStaysUnsigned() throws {
        let other = try DashPaymentRequest(decoding: Self.bytes(pkiType: "x509+sha512"))
            .checkingSignature(trustedRoots: [], at: Date(), with: NoCrypto.self)
        #expect(
            other.signature
                == .notVerified(pkiType: "x509+sha512", signer: nil, reason: "pki_type x509+sha512 is not one this build checks"))
        let unsigned = try DashPaymentRequest(decoding: Self.bytes(pkiType: nil))
            .checkingSignature(trustedRoots: [], at: Date(), with: NoCrypto.self)
        #expect(unsigned.signature == .unsigned)
        #expect(unsigned.signature.pkiType == "none")
    }
}
