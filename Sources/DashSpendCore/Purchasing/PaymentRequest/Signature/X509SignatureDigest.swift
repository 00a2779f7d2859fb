/// The digest a BIP70 `pki_type` signs with: `x509+sha256` or `x509+sha1`.
package enum X509SignatureDigest: String, Sendable, Hashable {
    /// SHA-256 (`x509+sha256`).
    case sha256
    /// SHA-1 (`x509+sha1`).
    case sha1

    /// The digest of `pkiType`, or nil when it is not an X.509 type this package checks.
    package init?(pkiType: String) {
        switch pkiType {
        case "x509+sha256": self = .sha256
        case "x509+sha1": self = .sha1
        default: return nil
        }
    }
}
