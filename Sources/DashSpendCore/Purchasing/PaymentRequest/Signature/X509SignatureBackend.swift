#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// The platform's X.509 checks, as a signed BIP70 payment request needs them: a certificate chain built from
/// the leaf and the intermediates sent, up to a root the system trusts (or one of the roots the app added),
/// valid at a given time; and the request's signature checked with the leaf's key (PKCS#1 v1.5 for RSA) over
/// SHA-256 or SHA-1.
///
/// Two backends, one per platform, and ``PlatformX509`` names the one a build uses:
/// ``LibcryptoX509Backend`` (OpenSSL's libcrypto, opened with `dlopen`, Linux) and ``SecurityX509Backend``
/// (Security.framework, Apple platforms). Each is a thin translation of this one call; the same vectors,
/// made at run time by an independent tool, run against whichever one the platform has
/// (`PaymentRequestSignatureTests`).
package protocol X509SignatureBackend {
    /// Whether `signature` is the leaf's signature of `message` with `digest`, by a chain trusted at `date`.
    /// - Parameters:
    ///   - certificates: DER certificates, the leaf first, then the intermediates (as `pki_data` sends them).
    ///   - trustedRoots: DER certificates trusted as roots besides the system's own.
    static func verify(
        signature: [UInt8], of message: [UInt8], digest: X509SignatureDigest, certificates: [[UInt8]],
        trustedRoots: [[UInt8]], at date: Date
    ) -> X509SignatureOutcome
}

#if canImport(Security)
/// The X.509 backend of this build: Security.framework on Apple platforms.
package typealias PlatformX509 = SecurityX509Backend
#else
/// The X.509 backend of this build: OpenSSL's libcrypto on Linux.
package typealias PlatformX509 = LibcryptoX509Backend
#endif
