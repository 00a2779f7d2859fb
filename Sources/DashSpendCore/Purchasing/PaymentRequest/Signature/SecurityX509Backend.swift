#if canImport(Security)
package import Foundation
import Security

/// ``X509SignatureBackend`` through Security.framework (Apple platforms), mirroring
/// ``LibcryptoX509Backend``: the chain is evaluated by `SecTrustEvaluateWithError` under the basic X.509
/// policy at the time given (`SecTrustSetVerifyDate`), with the system's roots and the roots added
/// (`SecTrustSetAnchorCertificates`, `SecTrustSetAnchorCertificatesOnly(false)`); the signature by
/// `SecKeyVerifySignature` with the leaf's key (PKCS#1 v1.5 over SHA-256 or SHA-1).
///
/// Compiled only on Apple platforms (CI's macOS and iOS jobs); the same vectors as on Linux run against it
/// (`PaymentRequestSignatureTests`).
// package-scope: keep (reached through PlatformX509)
package enum SecurityX509Backend: X509SignatureBackend {
    package static func verify(
        signature: [UInt8], of message: [UInt8], digest: X509SignatureDigest, certificates: [[UInt8]],
        trustedRoots: [[UInt8]], at date: Date
    ) -> X509SignatureOutcome {
        var chain: [SecCertificate] = []
        for (index, der) in certificates.enumerated() {
            guard let certificate = SecCertificateCreateWithData(nil, Data(der) as CFData) else {
                return .failed(index == 0 ? "the signing certificate cannot be read" : "certificate \(index + 1) cannot be read")
            }
            chain.append(certificate)
        }
        guard let leaf = chain.first else { return .failed("pki_data holds no certificate") }
        var roots: [SecCertificate] = []
        for der in trustedRoots {
            guard let root = SecCertificateCreateWithData(nil, Data(der) as CFData) else {
                return .failed("a trusted root added cannot be read")
            }
            roots.append(root)
        }
        if let problem = chainProblem(chain, roots: roots, at: date) { return .failed(problem) }
        guard let key = SecCertificateCopyKey(leaf) else { return .failed("the signing certificate's key cannot be read") }
        let algorithm: SecKeyAlgorithm =
            digest == .sha256 ? .rsaSignatureMessagePKCS1v15SHA256 : .rsaSignatureMessagePKCS1v15SHA1
        guard SecKeyIsAlgorithmSupported(key, .verify, algorithm) else {
            return .failed("the signing certificate's key cannot check a \(digest.rawValue) signature")
        }
        let matches = SecKeyVerifySignature(key, algorithm, Data(message) as CFData, Data(signature) as CFData, nil)
        return matches ? .verified : .failed("the signature is not the signing certificate's signature of this request")
    }

    /// Why `chain` (leaf first) is not trusted at `date`, or nil when it is.
    private static func chainProblem(_ chain: [SecCertificate], roots: [SecCertificate], at date: Date) -> String? {
        var made: SecTrust?
        guard SecTrustCreateWithCertificates(chain as CFArray, SecPolicyCreateBasicX509(), &made) == errSecSuccess,
            let trust = made
        else { return "the certificate chain cannot be evaluated" }
        if !roots.isEmpty {
            guard SecTrustSetAnchorCertificates(trust, roots as CFArray) == errSecSuccess,
                SecTrustSetAnchorCertificatesOnly(trust, false) == errSecSuccess
            else { return "the trusted roots added cannot be used" }
        }
        guard SecTrustSetVerifyDate(trust, date as CFDate) == errSecSuccess else {
            return "the certificate chain cannot be evaluated at \(UTCTimestamp.extended(date))"
        }
        var error: CFError?
        guard !SecTrustEvaluateWithError(trust, &error) else { return nil }
        let words = error.map { CFErrorCopyDescription($0) as String } ?? "not trusted"
        return "its certificate chain does not verify at \(UTCTimestamp.extended(date)): \(words)"
    }
}
#endif
