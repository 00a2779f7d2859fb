#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

extension DashPaymentRequest {
    /// The bytes a BIP70 signature is made over: the request as served with its `signature` (field 5)
    /// replaced by a zero-length value, every other byte kept as sent; nil when the bytes are not a message.
    package static func signedBytes(of bytes: [UInt8]) -> [UInt8]? {
        // Bytes that are not a message have no signed form: nil, and the signature check fails on it.
        try? ProtobufReader.emptying(5, in: bytes)
    }

    /// The request with its ``signature`` checked by `backend` at `date`, with `trustedRoots` (DER) trusted
    /// besides the system's roots: ``Signature/verified(pkiType:signer:)`` or
    /// ``Signature/failed(pkiType:signer:reason:)`` for an `x509+sha256` or `x509+sha1` signature;
    /// ``Signature/notVerified(pkiType:signer:reason:)`` for another `pki_type` or where the platform has no
    /// crypto to check with; an unsigned request as it is.
    package func checkingSignature<Backend: X509SignatureBackend>(
        trustedRoots: [[UInt8]], at date: Date, with backend: Backend.Type
    ) -> DashPaymentRequest {
        guard signature != .unsigned else { return self }
        var checked = self
        checked.signature = checkedSignature(trustedRoots: trustedRoots, at: date, with: backend)
        return checked
    }

    /// ``checkingSignature(trustedRoots:at:with:)`` with the platform's backend (``PlatformX509``).
    package func checkingSignature(trustedRoots: [[UInt8]], at date: Date) -> DashPaymentRequest {
        checkingSignature(trustedRoots: trustedRoots, at: date, with: PlatformX509.self)
    }

    private func checkedSignature<Backend: X509SignatureBackend>(
        trustedRoots: [[UInt8]], at date: Date, with backend: Backend.Type
    ) -> Signature {
        let type = signature.pkiType
        let signer = signature.signer
        func failed(_ reason: String) -> Signature { .failed(pkiType: type, signer: signer, reason: reason) }
        guard let digest = X509SignatureDigest(pkiType: type) else {
            return .notVerified(pkiType: type, signer: signer, reason: "pki_type \(type) is not one this build checks")
        }
        // Each unreadable part fails the signature check with its reason: it fails closed.
        guard let request = try? ProtobufReader(bytes), let signed = Self.signedBytes(of: bytes) else {
            return failed("the request cannot be read again")
        }
        // No readable signature field: the check fails saying there is no signature.
        guard let signatureBytes = try? request.bytes(5), !signatureBytes.isEmpty else {
            return failed("it has no signature")
        }
        // Certificates that do not read are none: the check fails below saying pki_data holds none.
        let certificates = (try? request.bytes(3)).flatMap { try? ProtobufReader($0).repeatedBytes(1) }
        guard let certificates, !certificates.isEmpty else { return failed("pki_data holds no certificate") }
        switch backend.verify(
            signature: signatureBytes, of: signed, digest: digest, certificates: certificates,
            trustedRoots: trustedRoots, at: date)
        {
        case .verified: return .verified(pkiType: type, signer: signer)
        case .failed(let reason): return failed(reason)
        case .unavailable(let reason):
            return .notVerified(pkiType: type, signer: signer, reason: "this build cannot check signatures here: \(reason)")
        }
    }
}
