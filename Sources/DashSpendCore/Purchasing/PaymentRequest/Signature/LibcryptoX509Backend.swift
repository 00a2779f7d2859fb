#if !canImport(Security)
#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// ``X509SignatureBackend`` through OpenSSL's libcrypto (Linux), opened with `dlopen` on first use
/// (``LibcryptoX509``): the chain is checked by `X509_verify_cert` in an `X509_STORE` holding the system's
/// roots (`X509_STORE_set_default_paths`: the distribution's bundle, or `SSL_CERT_FILE` and `SSL_CERT_DIR`
/// where set) and the roots added, with the intermediates sent as untrusted certificates and the time
/// given; the signature by `EVP_DigestVerifyFinal` with the leaf's key. Without libcrypto nothing is
/// checked: ``X509SignatureOutcome/unavailable(_:)``.
// package-scope: keep (reached through PlatformX509)
package enum LibcryptoX509Backend: X509SignatureBackend {
    package static func verify(
        signature: [UInt8], of message: [UInt8], digest: X509SignatureDigest, certificates: [[UInt8]],
        trustedRoots: [[UInt8]], at date: Date
    ) -> X509SignatureOutcome {
        let crypto: LibcryptoX509
        switch LibcryptoX509.shared {
        case .success(let loaded): crypto = loaded
        case .failure(let error): return .unavailable(error.reason)
        }
        // Leave nothing in this thread's error queue for the next libcrypto user (libcurl's TLS).
        defer { crypto.clearErrors() }
        var chain: [OpaquePointer] = []
        var roots: [OpaquePointer] = []
        defer { (chain + roots).forEach { crypto.freeCertificate($0) } }
        for (index, der) in certificates.enumerated() {
            guard let certificate = read(der, crypto) else {
                return .failed(index == 0 ? "the signing certificate cannot be read" : "certificate \(index + 1) cannot be read")
            }
            chain.append(certificate)
        }
        guard let leaf = chain.first else { return .failed("pki_data holds no certificate") }
        for der in trustedRoots {
            guard let root = read(der, crypto) else { return .failed("a trusted root added cannot be read") }
            roots.append(root)
        }
        if let problem = chainProblem(leaf: leaf, intermediates: Array(chain.dropFirst()), roots: roots, at: date, crypto) {
            return .failed(problem)
        }
        if let problem = signatureProblem(signature, of: message, digest: digest, leaf: leaf, crypto) {
            return .failed(problem)
        }
        return .verified
    }

    /// The certificate in `der` (all of it, nothing after), or nil.
    private static func read(_ der: [UInt8], _ crypto: LibcryptoX509) -> OpaquePointer? {
        guard !der.isEmpty else { return nil }
        return der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            guard let start = buffer.baseAddress else { return nil }
            var cursor: UnsafePointer<UInt8>? = start
            guard let certificate = crypto.readCertificate(nil, &cursor, buffer.count) else { return nil }
            guard cursor == start + buffer.count else {
                crypto.freeCertificate(certificate)
                return nil
            }
            return certificate
        }
    }

    /// Why the chain from `leaf` does not verify at `date`, or nil when it does.
    private static func chainProblem(
        leaf: OpaquePointer, intermediates: [OpaquePointer], roots: [OpaquePointer], at date: Date, _ crypto: LibcryptoX509
    ) -> String? {
        guard let store = crypto.storeNew(), let stack = crypto.stackNew(), let context = crypto.storeContextNew() else {
            return "libcrypto could not allocate a certificate store"
        }
        defer {
            crypto.storeContextFree(context)
            crypto.stackFree(stack)
            crypto.storeFree(store)
        }
        guard crypto.storeSetDefaultPaths(store) == 1 else { return "the system's trusted roots cannot be read" }
        // A root already in the store is refused by OpenSSL 1.1.0 and accepted by later ones: either way it is there.
        for root in roots { _ = crypto.storeAddCertificate(store, root) }
        for intermediate in intermediates {
            guard crypto.stackPush(stack, UnsafeRawPointer(intermediate)) > 0 else {
                return "libcrypto could not allocate a certificate list"
            }
        }
        guard crypto.storeContextInit(context, store, leaf, stack) == 1 else {
            return "libcrypto could not start checking the certificate chain"
        }
        crypto.storeContextSetTime(context, 0, Int(date.timeIntervalSince1970.rounded(.down)))
        guard crypto.verifyCertificate(context) != 1 else { return nil }
        let code = crypto.storeContextError(context)
        let depth = crypto.storeContextErrorDepth(context)
        let words = crypto.errorString(Int(code)).map { String(cString: $0) } ?? "error \(code)"
        let which = depth == 0 ? "the signing certificate" : "certificate \(depth + 1) of the chain"
        return "its certificate chain does not verify at \(UTCTimestamp.extended(date)): \(words) (\(which))"
    }

    /// Why `signature` is not `leaf`'s signature of `message`, or nil when it is.
    private static func signatureProblem(
        _ signature: [UInt8], of message: [UInt8], digest: X509SignatureDigest, leaf: OpaquePointer, _ crypto: LibcryptoX509
    ) -> String? {
        guard let key = crypto.publicKey(leaf) else { return "the signing certificate's key cannot be read" }
        defer { crypto.freeKey(key) }
        guard let context = crypto.digestContextNew() else { return "libcrypto could not allocate a digest" }
        defer { crypto.digestContextFree(context) }
        let method = digest == .sha256 ? crypto.sha256() : crypto.sha1()
        guard crypto.verifyInit(context, nil, method, nil, key) == 1 else {
            return "the signing certificate's key cannot check a \(digest.rawValue) signature"
        }
        let updated = message.withUnsafeBytes { crypto.digestUpdate(context, $0.baseAddress, $0.count) }
        guard updated == 1 else { return "libcrypto could not digest the request" }
        let matches = signature.withUnsafeBufferPointer { crypto.verifyFinal(context, $0.baseAddress, $0.count) } == 1
        return matches ? nil : "the signature is not the signing certificate's signature of this request"
    }
}
#endif
