import DashSpend
import DashSpendCore
import DashSpendExplore

/// A failure of the command: one line for stderr and the exit code.
public struct CLIError: Error, Sendable {
    /// The message, one line, no stack trace.
    public let message: String
    /// The exit code.
    public let code: ExitCode

    /// Creates an error.
    public init(_ message: String, code: ExitCode) {
        self.message = message
        self.code = code
    }

    /// A bad command line.
    static func usage(_ message: String) -> CLIError {
        CLIError(message + " (see `merchant-lookup --help`)", code: .usage)
    }

    /// Maps a database failure to its exit code: 66 when the file is missing, 65 otherwise.
    init(_ error: ExploreDatabaseError) {
        if case .fileMissing = error {
            self.init(error.description, code: .noInput)
        } else {
            self.init(error.description, code: .dataError)
        }
    }

    /// Maps a provider failure: 77 sign-in, 69 network, 65 unreadable answer, 1 the rest.
    init(_ error: DashSpendError) {
        switch error {
        case .signInRequired, .unauthorized: self.init(error.description, code: .signInRequired)
        case .network: self.init(error.description, code: .unavailable)
        case .unreadableAnswer: self.init(error.description, code: .dataError)
        default: self.init(error.description, code: .notFound)
        }
    }

    /// Maps a credentials-file failure: 65 when the file cannot be read or is damaged, 1 when it cannot be
    /// written. The message names the file and what to do, never its contents.
    init(_ error: CredentialStoreError) {
        switch error.kind {
        case .unreadable, .corrupt: self.init(error.description, code: .dataError)
        case .unwritable: self.init(error.description, code: .notFound)
        }
    }

    /// Maps any failure of a provider call: ``DashSpendError`` and ``CredentialStoreError`` by their own
    /// rules, anything else to 1 with its type only (an unknown error's text is never printed, so nothing
    /// secret can leak through it).
    init(anyError error: any Error) {
        switch error {
        case let error as CLIError: self = error
        case let error as DashSpendError: self.init(error)
        case let error as CredentialStoreError: self.init(error)
        case is CancellationError: self.init("cancelled", code: .notFound)
        default: self.init("unexpected failure (\(type(of: error)))", code: .notFound)
        }
    }

    /// Maps a merchant-service failure.
    init(_ error: MerchantServiceError) {
        switch error {
        case .notFound, .onlyThroughUnavailableProviders, .notOfferedInCountry:
            self.init(error.description, code: .notFound)
        case .database(let inner): self.init(inner)
        case .provider(let inner): self.init(inner)
        }
    }
}
