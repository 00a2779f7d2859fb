/// What an ``X509SignatureBackend`` found.
package enum X509SignatureOutcome: Sendable, Hashable {
    /// The chain is trusted and valid at the time asked, and the signature is the leaf's.
    case verified
    /// The signature or the chain does not hold, and why (one line: a bad signature, an untrusted chain,
    /// an expired certificate, a certificate that cannot be read).
    case failed(String)
    /// Nothing could be checked, and why: this platform has no crypto library to check with.
    case unavailable(String)
}
