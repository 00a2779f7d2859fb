/// The process exit codes, from `sysexits.h` where one fits.
public enum ExitCode: Int32, Sendable {
    /// Success.
    case ok = 0
    /// The merchant (or another thing asked for) was not found, or the provider refused the request.
    case notFound = 1
    /// Bad command line (`EX_USAGE`).
    case usage = 64
    /// The database or an answer is unreadable or unsupported (`EX_DATAERR`).
    case dataError = 65
    /// The database file is missing (`EX_NOINPUT`).
    case noInput = 66
    /// The network is needed and unavailable, or the provider failed (5xx) (`EX_UNAVAILABLE`).
    case unavailable = 69
    /// An internal error: a failure no input should cause (`EX_SOFTWARE`).
    case internalError = 70
    /// The state directory, or a file in it, cannot be written (`EX_CANTCREAT`).
    case cannotCreate = 73
    /// The output could not be written (`EX_IOERR`).
    case outputFailed = 74
    /// Try again later: the provider is limiting requests (429) or did not answer in time (`EX_TEMPFAIL`).
    case tryAgainLater = 75
    /// Sign-in required, or the session or the sign-in refused (`EX_NOPERM`).
    case signInRequired = 77
}
