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

    /// Maps a provider failure: 77 sign-in needed or refused, 69 network unavailable or provider failure
    /// (5xx), 75 try again later (429, time-out), 65 unreadable answer, 1 the rest (not found, refused).
    init(_ error: DashSpendError) {
        self.init(error.description, code: Self.exitCode(error))
    }

    /// The exit code of a provider failure, as the README table documents it.
    static func exitCode(_ error: DashSpendError) -> ExitCode {
        switch error {
        case .signInRequired, .unauthorized, .wrongCode: return .signInRequired
        case .network, .serverError: return .unavailable
        case .rateLimited, .timedOut: return .tryAgainLater
        case .unreadableAnswer: return .dataError
        case .unknownMerchant, .purchaseLimitsChanged, .outOfStock, .regionNotAllowed, .invalidAmount, .rejected:
            return .notFound
        }
    }

    /// Maps a credentials-file failure: 65 when the file cannot be read or is damaged, 73 when it cannot be
    /// written. The message names the file and what to do, never its contents.
    init(_ error: CredentialStoreError) {
        switch error.kind {
        case .unreadable, .corrupt: self.init(error.description, code: .dataError)
        case .unwritable: self.init(error.description, code: .cannotCreate)
        }
    }

    /// Maps any failure of a provider call: ``DashSpendError`` and ``CredentialStoreError`` by their own
    /// rules, anything else to 70 (internal) with its type only (an unknown error's text is never printed,
    /// so nothing secret can leak through it).
    init(anyError error: any Error) {
        switch error {
        case let error as CLIError: self = error
        case let error as DashSpendError: self.init(error)
        case let error as CredentialStoreError: self.init(error)
        case is CancellationError: self.init("cancelled", code: .notFound)
        default: self.init("internal error: unexpected failure (\(type(of: error)))", code: .internalError)
        }
    }

    /// Maps a merchant-service failure; a merchant id longer than a line is cut (``TerminalText/clipped(_:)``).
    init(_ error: MerchantServiceError) {
        switch error {
        case .notFound(let id):
            self.init(MerchantServiceError.notFound(TerminalText.clipped(id)).description, code: .notFound)
        case .onlyThroughUnavailableProviders(let id, let providers):
            let clipped = MerchantServiceError.onlyThroughUnavailableProviders(
                merchantId: TerminalText.clipped(id), providers: providers)
            self.init(clipped.description, code: .notFound)
        case .notOfferedInCountry(let id, let providers, let country):
            let clipped = MerchantServiceError.notOfferedInCountry(
                merchantId: TerminalText.clipped(id), providers: providers, country: country)
            self.init(clipped.description, code: .notFound)
        case .database(let inner): self.init(inner)
        case .provider(let inner): self.init(inner)
        }
    }
}
