/// Why stored credentials could not be read or written. Messages name the file and say what to do; they
/// never contain the file's contents.
public struct CredentialStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable, Hashable {
        /// The file exists but could not be read (permissions, I/O error).
        case unreadable
        /// The file was read but is not a credentials document.
        case corrupt
        /// The file or its directory could not be written.
        case unwritable
        /// Another process held the credentials' lock for longer than this one would wait.
        case busy
    }

    /// What went wrong.
    public let kind: Kind
    /// The file concerned.
    public let path: String
    /// The system's reason, if any (`Permission denied`).
    public let reason: String

    /// Creates an error.
    public init(_ kind: Kind, path: String, reason: String) {
        self.kind = kind
        self.path = path
        self.reason = reason
    }

    /// A one-line message that says what happened and what to do.
    public var description: String {
        switch kind {
        case .unreadable:
            return "cannot read the credentials file \(path) (\(reason))"
        case .corrupt:
            return "the credentials file \(path) is damaged (\(reason)); it was left untouched"
        case .unwritable:
            return "cannot write the credentials file \(path) (\(reason))"
        case .busy:
            return "the credentials file \(path) is busy (\(reason))"
        }
    }
}
