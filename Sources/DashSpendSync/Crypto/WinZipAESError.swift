/// Why a WinZip-AES payload cannot be decrypted. The messages are fragments the importer puts after the
/// file's name.
package enum WinZipAESError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The payload is shorter than salt, verifier and authentication code.
    case payloadTooShort(bytes: Int)
    /// The password verifier does not match: wrong password (the checksum in the comment) or damage.
    case wrongPassword
    /// The HMAC-SHA1 authentication code does not match: the encrypted data was changed or damaged.
    case authenticationFailed
    /// The platform's crypto library (libcrypto, CommonCrypto) refused an operation.
    case cryptoFailure(String)

    /// What went wrong, as a sentence fragment.
    package var description: String {
        switch self {
        case .payloadTooShort(let bytes):
            return "the encrypted entry is too short to be WinZip-AES (\(bytes) bytes)"
        case .wrongPassword:
            return
                "the password verifier does not match: the checksum in the ZIP comment is not the one the file was encrypted with"
        case .authenticationFailed:
            return "the encrypted data fails its HMAC-SHA1 authentication: the file was changed or damaged"
        case .cryptoFailure(let what):
            return "the crypto library failed (\(what))"
        }
    }
}
