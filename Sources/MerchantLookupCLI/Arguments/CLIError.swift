import DashSpend

/// A failure of the command: one line for stderr (or a JSON error object) and the exit code.
public struct CLIError: Error, Sendable {
    /// What happened, one line, no stack trace.
    public let message: String
    /// What to do about it, when there is something to say; commands and options are named here only.
    public let hint: String?
    /// The exit code.
    public let code: ExitCode
    /// A short stable name for `--json` (`notFound`, `usage`, `signInRequired`, …).
    public let name: String
    /// The failure was already printed where it happened (a batch `show` prints each failure in place):
    /// only its exit code is left to give.
    private(set) var alreadyPrinted = false
    /// For a command that ends with a status other than 0 without failing (`sync --check`: 10, an update is
    /// available): what to print on stdout instead of an error line.
    public let output: String?
    /// The merchants a name may have meant (a name matching several, or none but close to these): data for
    /// `--json`, besides the words of the message or hint.
    private(set) var candidates: [MerchantCandidate] = []

    /// Creates an error.
    public init(_ message: String, code: ExitCode, hint: String? = nil, name: String? = nil) {
        self.message = message
        self.code = code
        self.hint = hint
        self.name = name ?? code.name
        output = nil
    }

    /// A command's normal end with the status `code` (not a failure): `output` goes to stdout.
    init(status code: ExitCode, output: String) {
        message = ""
        hint = nil
        self.code = code
        name = code.name
        self.output = output
    }

    /// A command line that names no command to run (none, or a group alone): `output` (the help that lists
    /// them) on stdout, `message` on stderr, exit 64.
    static func usage(_ message: String, output: String) -> CLIError {
        CLIError(message: message, code: .usage, output: output)
    }

    private init(message: String, code: ExitCode, output: String) {
        self.message = message
        hint = nil
        self.code = code
        name = code.name
        self.output = output
    }

    /// A bad command line.
    static func usage(_ message: String) -> CLIError {
        CLIError(message, code: .usage, hint: "see `merchant-lookup --help`", name: "usage")
    }

    /// The exit code of failures already printed in place, with nothing more to print.
    static func alreadyPrinted(_ code: ExitCode) -> CLIError {
        var error = CLIError("", code: code)
        error.alreadyPrinted = true
        return error
    }

    /// The merchant a refusal concerns, as the user can type it: the failure's subject, else `MERCHANT`.
    private static func merchant(_ failure: DashSpendFailure) -> String {
        guard let subject = failure.subject, !subject.isEmpty else { return "MERCHANT" }
        return subject.contains(" ") ? "\"\(subject)\"" : subject
    }

    /// The line printed on stderr: the message, then the hint.
    var line: String { hint.map { "\(message): \($0)" } ?? message }

    /// The members of the `"error"` object of `--json`: `code`, `message`, `hint` (null when there is none),
    /// and `candidates` (`merchantId`, `name`, `type`) when a name may have meant some.
    var jsonMembers: [(String, JSONDocument)] {
        var members: [(String, JSONDocument)] = [
            ("code", .string(name)), ("message", .string(message)), ("hint", hint.map { .string($0) } ?? .null),
        ]
        if !candidates.isEmpty {
            let objects = candidates.map { candidate -> JSONDocument in
                .object([
                    ("merchantId", .string(candidate.merchantId)), ("name", .string(candidate.name)),
                    ("type", .string(candidate.type.rawValue)),
                ])
            }
            members.append(("candidates", .array(objects)))
        }
        return members
    }

    /// THE table: every failure of the library becomes an exit code and, where a person needs one, a hint
    /// that names the command or option to use. The README's exit-code table is this one.
    ///
    /// `offlineHelps` false: the command cannot run offline (`buy`), so a network failure does not suggest it.
    /// `stateDirectory`: where the state directory came from, which a failure of it names.
    init(
        _ failure: DashSpendFailure, network: DashSpendNetwork = .mainnet, offlineHelps: Bool = true,
        stateDirectory: StateDirectoryOrigin = .option
    ) {
        let networkHint = network == .mainnet ? "" : " --network \(network.rawValue)"
        let provider = failure.provider?.id ?? "PROVIDER"
        var code: ExitCode
        var hint: String?
        // A pasted merchant id or name longer than a line is cut where the message quotes it.
        var message = failure.message
        if let subject = failure.subject, subject.count > TerminalText.maximumQuotedLength {
            message = message.replacingEvery(subject, with: TerminalText.clipped(subject))
        }
        switch failure.kind {
        case .notFound:
            code = .notFound
            if !failure.candidates.isEmpty {
                let names = failure.candidates.map { TerminalText.sanitized($0.name, keepingNewlines: false) }
                hint = "did you mean \(names.joined(separator: " or "))?"
            }
        case .ambiguous:
            code = .notFound
            message +=
                ": "
                + failure.candidates.map { "\($0.merchantId) (\($0.name), \($0.type.rawValue))" }
                .joined(separator: "; ")
            hint = "use show MERCHANT_ID"
        case .invalidRequest:
            code = .usage
            if let provider = failure.provider, failure.subject != nil {
                hint = "check \(Invocation.urlOption(provider))"
            }
        case .badData: code = .dataError
        case .missingInput: code = .noInput
        case .unavailable: code = .unavailable
        case .internalFailure: code = .internalFailure
        case .cannotWrite: code = .cannotCreate
        case .tryAgainLater: code = .tryAgainLater
        case .signInRequired: code = .signInRequired
        case .refused: code = .notFound
        }
        switch failure.cause {
        case .general, .providerNotCompiledIn, .notOfferedInCountry: break
        case .notSignedIn:
            hint = "sign in with `merchant-lookup auth login \(provider) --email ADDRESS\(networkHint)`"
        case .sessionExpired:
            hint = "sign in again with `merchant-lookup auth login \(provider) --email ADDRESS\(networkHint)`"
        case .wrongCode:
            hint = "ask for a new code with `merchant-lookup auth login \(provider) --email ADDRESS\(networkHint)`"
        case .encryptedArchive:
            hint = "import it with `merchant-lookup sync --from \(failure.subject ?? "FILE")\(networkHint)`"
        case .databaseMissing:
            hint = "pass --db with the path of an explore database file"
        case .notSynced:
            hint = "download it with `merchant-lookup sync\(networkHint)`, or pass --db with an explore database file"
        case .databaseUnusable:
            hint = "point --db at the wallets' explore database, or download or copy it again"
        case .stateDirectory:
            hint = stateDirectory.hint(path: failure.subject, writableByOthers: false)
        case .stateDirectoryWritableByOthers:
            hint = stateDirectory.hint(path: failure.subject, writableByOthers: true)
        case .network:
            hint = offlineHelps ? "check the connection or use --offline" : "check the connection"
        case .credentials:
            hint = "remove it and sign in again with `merchant-lookup auth login \(provider) --email ADDRESS\(networkHint)`"
        case .archiveRefused:
            hint = "download it again"
        case .amountNotAllowed:
            code = .dataError
            hint = "choose an amount the card is sold for (see `merchant-lookup show \(Self.merchant(failure)) --live`)"
        case .outOfStock, .regionNotAllowed:
            break
        case .limitsChanged:
            hint = "see the new limits with `merchant-lookup show \(Self.merchant(failure)) --live`"
        case .storageUnreachable:
            hint =
                "check the connection and --storage-url, or import a file you have with `merchant-lookup sync --from FILE\(networkHint)`"
        case .storageAccessRefused:
            code = .signInRequired
            hint = "download the file with a wallet or a browser and run `merchant-lookup sync --from FILE\(networkHint)`"
        case .orderMayExist:
            hint =
                "no payment was shown, so nothing is owed; `merchant-lookup orders\(networkHint)` lists it, and "
                + "`merchant-lookup buy` asks before ordering that card again"
        case .orderPending:
            hint =
                "see it with `merchant-lookup order \(failure.subject ?? "ORDER_ID")\(networkHint)`; to buy another card "
                + "anyway, add --again"
        case .ambiguousOrder:
            hint = "nothing was changed; each is shown by `merchant-lookup order ORDER_ID\(networkHint)`"
        case .newerVersion:
            hint = "use the newer merchant-lookup that wrote it; `merchant-lookup orders` still lists what it keeps"
        case .fileTooLarge:
            // The file could not grow: nothing was half-written, and the output is what failed.
            code = .outputFailed
            hint = "nothing was half-written; raise the file-size limit (`ulimit -f`) and run it again"
        case .noExchangeRate:
            hint = "give one with --rate FIAT_PER_DASH"
        case .oneCardPerOrder:
            code = .dataError
            let several = GiftCardProvider.allCases.filter { $0.info.severalCardsPerOrder }.map(\.id)
            hint =
                "buy each card with its own `merchant-lookup buy \(Self.merchant(failure)) --amount N`"
                + (several.isEmpty
                    ? "" : ", or all of them in one order with --provider \(several.joined(separator: " or --provider "))")
        case .paymentAlreadyRecorded:
            hint =
                "the first is kept; see it with `merchant-lookup order \(failure.subject ?? "ORDER_ID")\(networkHint)`"
        }
        let specific: Set<DashSpendFailure.Cause> = [
            .amountNotAllowed, .outOfStock, .limitsChanged, .regionNotAllowed, .orderPending, .ambiguousOrder,
            .newerVersion, .fileTooLarge, .noExchangeRate, .oneCardPerOrder, .paymentAlreadyRecorded,
        ]
        let name = specific.contains(failure.cause) ? failure.cause.rawValue : failure.kind.rawValue
        self.init(message, code: code, hint: hint, name: name)
        candidates = failure.candidates
    }

    /// The same table's row for a card number the library cannot draw as a barcode (`order --barcode`): bad
    /// data from the provider, exit 65.
    init(_ error: BarcodeError) {
        self.init("the card's barcode cannot be drawn: \(error)", code: .dataError, name: "barcodeUnavailable")
    }
}
