/// The options of the `auth` commands.
enum AuthOptions {
    /// `auth login --email ADDRESS` (trimmed).
    static let email = Option(
        "--email", "ADDRESS", help: "the address the provider e-mails the code to", parser: .emailAddress)
    /// `auth verify --code CODE|-`.
    static let code = Option(
        "--code", "CODE", help: "the one-time code from the e-mail; - reads it from standard input", parser: .oneTimeCode)
}
