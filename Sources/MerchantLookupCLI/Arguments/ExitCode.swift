/// The process exit codes, from `sysexits.h` where one fits.
public enum ExitCode: Int32, Sendable, CaseIterable {
    /// Success.
    case ok = 0
    /// The merchant (or another thing asked for) was not found, or the provider refused.
    case notFound = 1
    /// `sync --check`: newer explore data is available (not a failure).
    case updateAvailable = 10
    /// Bad command line (`EX_USAGE`).
    case usage = 64
    /// The database or an answer is unreadable or unsupported (`EX_DATAERR`).
    case dataError = 65
    /// The database file is missing (`EX_NOINPUT`).
    case noInput = 66
    /// The network is needed and unavailable (`EX_UNAVAILABLE`).
    case unavailable = 69
    /// A bug or an unexpected condition (`EX_SOFTWARE`).
    case internalFailure = 70
    /// The state directory, or a file in it, cannot be written (`EX_CANTCREAT`).
    case cannotCreate = 73
    /// The output could not be written (`EX_IOERR`).
    case outputFailed = 74
    /// Try again later: the provider asked to wait, or did not answer in time (`EX_TEMPFAIL`).
    case tryAgainLater = 75
    /// Sign-in required or session expired (`EX_NOPERM`).
    case signInRequired = 77
    /// Interrupted by SIGINT (Ctrl-C), after a token refresh or an order in flight was saved (128 + 2).
    case interrupted = 130
    /// Stopped by SIGTERM, after a token refresh or an order in flight was saved (128 + 15).
    case terminated = 143

    /// What each code means, in the words `--help` and the README use.
    var meaning: String {
        switch self {
        case .ok: "ok"
        case .notFound: "not found (the merchant, a name matching several merchants), or refused by the provider"
        case .updateAvailable: "sync --check: newer explore data is available"
        case .usage: "bad usage: an unknown option, a bad value, an unusable provider URL"
        case .dataError: "bad data: a damaged or foreign database, archive, answer or credentials file; an amount not sold"
        case .noInput: "missing input: the database or file given does not exist"
        case .unavailable: "provider or network unavailable (no connection, HTTP 5xx)"
        case .internalFailure: "internal failure (a bug)"
        case .cannotCreate: "cannot write the state directory or a file in it, or it is unsafe (others can write to it)"
        case .outputFailed: "the output could not be written"
        case .tryAgainLater: "try again later (HTTP 429, time-outs)"
        case .signInRequired: "sign-in needed, or the provider refused the stored session or the code"
        case .interrupted: "interrupted (Ctrl-C), after a token refresh or an order in flight was saved"
        case .terminated: "stopped by SIGTERM, after a token refresh or an order in flight was saved"
        }
    }

    /// The exit codes section of `--help`.
    static var helpText: String {
        "exit codes:\n" + allCases.map { "  " + OutputFormat.pad(String($0.rawValue), 5) + $0.meaning + "\n" }.joined()
    }

    /// A short stable name for `--json` errors.
    var name: String {
        switch self {
        case .ok: "ok"
        case .notFound: "notFound"
        case .updateAvailable: "updateAvailable"
        case .usage: "usage"
        case .dataError: "badData"
        case .noInput: "missingInput"
        case .unavailable: "unavailable"
        case .internalFailure: "internalFailure"
        case .cannotCreate: "cannotWrite"
        case .outputFailed: "outputFailed"
        case .tryAgainLater: "tryAgainLater"
        case .signInRequired: "signInRequired"
        case .interrupted: "interrupted"
        case .terminated: "terminated"
        }
    }
}
