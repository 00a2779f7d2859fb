import DashSpend
import DashSpendSQLite
import DashSpendSync
import DashSpendTestSupport
import Foundation
import Testing

/// The one error policy: every error the modules behind the front door throw becomes a ``DashSpendFailure``
/// of the kind the documentation gives it (the kinds are what the CLI's exit codes and an app's reactions
/// hang on), and no library message names a command-line option or the tool.
///
/// Each table lists one value of every case of its error type. `caseName` switches over the type without a
/// `default`, so a new case does not compile until it is named there, and `everyCaseListed` then fails until
/// the table has a row for it.
@Suite("Every library error has its documented failure kind, and no message names the CLI")
struct FailurePolicyTests {
    /// One row: an error, and the kind and cause the documentation gives it.
    struct Row: CustomTestStringConvertible, Sendable {
        let error: any Error & Sendable
        let kind: DashSpendFailure.Kind
        let cause: DashSpendFailure.Cause
        let provider: GiftCardProvider?
        let subject: String?

        init(
            _ error: any Error & Sendable, _ kind: DashSpendFailure.Kind, _ cause: DashSpendFailure.Cause = .general,
            provider: GiftCardProvider? = nil, subject: String? = nil
        ) {
            self.error = error
            self.kind = kind
            self.cause = cause
            self.provider = provider
            self.subject = subject
        }

        var testDescription: String { "\(type(of: error)).\(FailurePolicyTests.caseName(error))" }
    }

    static let path = "/state/mainnet/explore.db"
    static let sqlite = SQLiteError(code: 11, message: "database disk image is malformed", sql: "SELECT 1")

    // MARK: - The tables (README "Output and exit codes"; DashSpendFailure.Kind)

    /// Provider errors: refusals are `refused` (exit 1), 5xx and no network `unavailable` (69), an unreadable
    /// answer `badData` (65), 429 and time-outs `tryAgainLater` (75), sign-in problems `signInRequired` (77).
    static let providerRows: [Row] = [
        Row(DashSpendError.wrongCode, .signInRequired, .wrongCode),
        Row(DashSpendError.signInRequired(.ctx), .signInRequired, .notSignedIn, provider: .ctx),
        Row(DashSpendError.unauthorized(.ctx), .signInRequired, .sessionExpired, provider: .ctx),
        Row(DashSpendError.unknownMerchant("m-1"), .notFound, subject: "m-1"),
        Row(DashSpendError.purchaseLimitsChanged("5 to 50"), .refused, .limitsChanged),
        Row(DashSpendError.outOfStock("25 USD"), .refused, .outOfStock),
        Row(DashSpendError.regionNotAllowed, .refused, .regionNotAllowed),
        Row(DashSpendError.invalidAmount("7.5"), .refused, .amountNotAllowed),
        Row(DashSpendError.rejected("no"), .refused),
        Row(DashSpendError.serverError(status: 503, message: "down"), .unavailable),
        Row(DashSpendError.network("connection refused"), .unavailable, .network),
        Row(DashSpendError.unreadableAnswer("not JSON"), .badData),
        Row(DashSpendError.rateLimited(.ctx, retryAfterSeconds: 30), .tryAgainLater, provider: .ctx),
        Row(DashSpendError.timedOut(.ctx), .tryAgainLater, provider: .ctx),
    ]

    /// Explore database errors: a missing file is `missingInput` (66), everything else `badData` (65).
    static let databaseRows: [Row] = [
        Row(ExploreDatabaseError.fileMissing(path: path), .missingInput, .databaseMissing, subject: path),
        Row(ExploreDatabaseError.emptyPath, .missingInput, .databaseMissing, subject: ""),
        Row(ExploreDatabaseError.directory(path: path), .missingInput, .databaseMissing, subject: path),
        Row(ExploreDatabaseError.encryptedArchive(path: path), .badData, .encryptedArchive, subject: path),
        Row(ExploreDatabaseError.notSQLite(path: path), .badData, .databaseUnusable, subject: path),
        Row(
            ExploreDatabaseError.truncated(path: path, expectedBytes: 8192, actualBytes: 4096), .badData,
            .databaseUnusable, subject: path),
        Row(
            ExploreDatabaseError.notExploreDatabase(path: path, reason: "no merchant table"), .badData,
            .databaseUnusable, subject: path),
        Row(ExploreDatabaseError.corrupt(path: path, detail: "malformed"), .badData, .databaseUnusable, subject: path),
        Row(ExploreDatabaseError.cannotOpen(path: path, reason: "Is a directory"), .badData, .databaseUnusable, subject: path),
        Row(ExploreDatabaseError.queryFailed(sqlite), .badData),
    ]

    /// Credential store errors: a damaged or unreadable file is `badData` (65), never "not signed in"; an
    /// unwritable one `cannotWrite` (73).
    static let credentialRows: [Row] = [
        Row(
            CredentialStoreError(.unreadable, path: "/s/ctx.json", reason: "EIO"), .badData, .credentials, subject: "/s/ctx.json"),
        Row(
            CredentialStoreError(.corrupt, path: "/s/ctx.json", reason: "not JSON"), .badData, .credentials,
            subject: "/s/ctx.json"),
        Row(
            CredentialStoreError(.unwritable, path: "/s/ctx.json", reason: "read-only"), .cannotWrite, .stateDirectory,
            subject: "/s/ctx.json"),
        Row(
            CredentialStoreError(.busy, path: "/s/ctx.json", reason: "locked for more than 25 s"), .tryAgainLater,
            subject: "/s/ctx.json"),
    ]

    /// Merchant service errors: not found for every reason (1); the wrapped errors keep their own kind.
    static let serviceRows: [Row] = [
        Row(MerchantServiceError.notFound("m-1"), .notFound, subject: "m-1"),
        Row(
            MerchantServiceError.onlyThroughUnavailableProviders(merchantId: "m-1", providers: ["PiggyCards"]), .notFound,
            .providerNotCompiledIn, subject: "m-1"),
        Row(
            MerchantServiceError.notOfferedInCountry(merchantId: "m-1", providers: ["CTX"], country: "CA"), .notFound,
            .notOfferedInCountry, subject: "m-1"),
        Row(MerchantServiceError.database(.notSQLite(path: path)), .badData, .databaseUnusable, subject: path),
        Row(MerchantServiceError.database(.fileMissing(path: path)), .missingInput, .databaseMissing, subject: path),
        Row(MerchantServiceError.provider(.serverError(status: 500, message: "")), .unavailable),
        Row(MerchantServiceError.provider(.unauthorized(.ctx)), .signInRequired, .sessionExpired, provider: .ctx),
        Row(MerchantServiceError.provider(.rateLimited(.ctx, retryAfterSeconds: nil)), .tryAgainLater, provider: .ctx),
    ]

    /// Sync errors (README, `sync`): no file at the source is `missingInput` (66), a state folder that cannot
    /// be written `cannotWrite` (73), every refused file `badData` (65) with the database in place kept.
    static let syncRows: [Row] = [
        Row(ExploreImportError.sourceMissing(path: "/in.zip"), .missingInput, subject: "/in.zip"),
        Row(ExploreImportError.sourceUnreadable(path: "/in.zip", reason: "EIO"), .badData, .archiveRefused),
        Row(ExploreImportError.emptySource(path: "/in.zip"), .badData, .archiveRefused),
        Row(ExploreImportError.unrecognizedSource(path: "/in.zip"), .badData, .archiveRefused),
        Row(ExploreImportError.archive(path: "/in.zip", .noEndOfCentralDirectory), .badData, .archiveRefused),
        Row(ExploreImportError.badComment(path: "/in.zip", comment: "x"), .badData, .archiveRefused),
        Row(ExploreImportError.decryption(path: "/in.zip", .wrongPassword), .badData, .archiveRefused),
        Row(
            ExploreImportError.checksumMismatch(path: "/in.zip", kind: "SHA-256", expected: "a", actual: "b"), .badData,
            .archiveRefused),
        Row(ExploreImportError.notExploreDatabase(path: "/in.zip", reason: "no merchant"), .badData, .archiveRefused),
        Row(ExploreImportError.sourceTooLarge(path: "/in.zip", size: 9, limit: 1), .badData, .archiveRefused),
        Row(ExploreImportError.entryTooLarge(path: "/in.zip", declared: 9, limit: 1), .badData, .archiveRefused),
        Row(ExploreImportError.futureTimestamp(path: "/in.zip", timestamp: 9_999_999_999_999), .badData, .archiveRefused),
        Row(
            ExploreImportError.cannotWrite(path: "/s/mainnet", reason: "EROFS"), .cannotWrite, .stateDirectory,
            subject: "/s/mainnet"),
        Row(
            ExploreImportError.unsafeDirectory(path: "/s/mainnet", reason: "a symbolic link"), .cannotWrite,
            .stateDirectory, subject: "/s/mainnet"),
        Row(
            ExploreImportError.metadataNotWritten(databasePath: path, path: "/s/mainnet/explore.json", reason: "ENOSPC"),
            .cannotWrite, .stateDirectory, subject: "/s/mainnet/explore.json"),
    ]

    static let allRows = providerRows + databaseRows + credentialRows + serviceRows + syncRows

    @Test("The converted failure has the documented kind and cause, and keeps the provider and input", arguments: allRows)
    func documentedKind(_ row: Row) {
        let failure = DashSpendFailure(row.error)
        #expect(failure.kind == row.kind)
        #expect(failure.cause == row.cause)
        #expect(failure.provider == row.provider)
        #expect(failure.subject == row.subject)
        #expect(failure.message == "\(row.error)", "the message is the error's own line")
        #expect(failure.candidates.isEmpty)
    }

    @Test("Only a failure after the new database was moved into place says stored data changed")
    func keptStoredData() {
        for row in Self.allRows {
            let changed: Bool
            if case ExploreImportError.metadataNotWritten = row.error { changed = true } else { changed = false }
            #expect(DashSpendFailure(row.error).keptStoredData == !changed, "\(row.testDescription)")
        }
        #expect(DashSpendFailure(DashSpendError.rateLimited(.ctx, retryAfterSeconds: 30)).retryAfter == 30)
        #expect(DashSpendFailure(DashSpendError.rateLimited(.ctx, retryAfterSeconds: nil)).retryAfter == nil)
    }

    @Test("A provider error converted for an operation at a provider names that provider")
    func providerOfTheOperation() {
        for error in [DashSpendError.serverError(status: 500, message: ""), .network("reset"), .wrongCode, .regionNotAllowed] {
            #expect(DashSpendFailure(error, provider: .ctx).provider == .ctx, "\(error)")
        }
        // The credentials file's error names only the path: the provider comes from the operation.
        for kind in [CredentialStoreError.Kind.unreadable, .corrupt, .unwritable, .busy] {
            let error = CredentialStoreError(kind, path: "/s/mainnet/ctxspend.json", reason: "x")
            #expect(DashSpendFailure(error, provider: .ctx).provider == .ctx, "\(kind)")
        }
        // An error that names its own provider keeps it.
        #expect(DashSpendFailure(DashSpendError.signInRequired(.ctx), provider: nil).provider == .ctx)
    }

    @Test("An error of a type the policy does not know is internal and shows its type only")
    func unknownErrorType() {
        struct Secretive: Error, CustomStringConvertible { var description: String { "token=abc123" } }
        let failure = DashSpendFailure(Secretive())
        #expect(failure.kind == .internalFailure)
        #expect(!failure.message.contains("abc123"))
        #expect(DashSpendFailure(CancellationError()).kind == .internalFailure)
        let original = DashSpendFailure(.refused, "kept as it is", provider: .ctx)
        #expect(DashSpendFailure(original).message == original.message, "a failure passes through unchanged")
    }

    @Test("Every case of every error type has a row")
    func everyCaseListed() {
        let listed = Set(Self.allRows.map(\.testDescription))
        let expected: [String: Int] = [
            "DashSpendError": 14, "ExploreDatabaseError": 10, "CredentialStoreError": 4, "MerchantServiceError": 5,
            "ExploreImportError": 15,
        ]
        for (type, count) in expected {
            #expect(listed.filter { $0.hasPrefix(type + ".") }.count == count, "\(type)")
        }
    }

    /// The name of `error`'s case; every switch is exhaustive, so a new case must be added here (and then
    /// to the counts in ``everyCaseListed()`` and to a table).
    static func caseName(_ error: any Error) -> String {
        switch error {
        case let error as DashSpendError:
            switch error {
            case .wrongCode: "wrongCode"
            case .signInRequired: "signInRequired"
            case .unauthorized: "unauthorized"
            case .unknownMerchant: "unknownMerchant"
            case .purchaseLimitsChanged: "purchaseLimitsChanged"
            case .outOfStock: "outOfStock"
            case .regionNotAllowed: "regionNotAllowed"
            case .invalidAmount: "invalidAmount"
            case .rejected: "rejected"
            case .serverError: "serverError"
            case .network: "network"
            case .unreadableAnswer: "unreadableAnswer"
            case .rateLimited: "rateLimited"
            case .timedOut: "timedOut"
            }
        case let error as ExploreDatabaseError:
            switch error {
            case .fileMissing: "fileMissing"
            case .emptyPath: "emptyPath"
            case .directory: "directory"
            case .encryptedArchive: "encryptedArchive"
            case .notSQLite: "notSQLite"
            case .truncated: "truncated"
            case .notExploreDatabase: "notExploreDatabase"
            case .corrupt: "corrupt"
            case .cannotOpen: "cannotOpen"
            case .queryFailed: "queryFailed"
            }
        case let error as CredentialStoreError:
            switch error.kind {
            case .unreadable: "unreadable"
            case .corrupt: "corrupt"
            case .unwritable: "unwritable"
            case .busy: "busy"
            }
        case let error as MerchantServiceError:
            switch error {
            case .notFound: "notFound"
            case .onlyThroughUnavailableProviders: "onlyThroughUnavailableProviders"
            case .notOfferedInCountry: "notOfferedInCountry"
            case .database: "database"
            case .provider: "provider"
            }
        case let error as ExploreImportError:
            switch error {
            case .sourceMissing: "sourceMissing"
            case .sourceUnreadable: "sourceUnreadable"
            case .emptySource: "emptySource"
            case .unrecognizedSource: "unrecognizedSource"
            case .archive: "archive"
            case .badComment: "badComment"
            case .decryption: "decryption"
            case .checksumMismatch: "checksumMismatch"
            case .notExploreDatabase: "notExploreDatabase"
            case .sourceTooLarge: "sourceTooLarge"
            case .entryTooLarge: "entryTooLarge"
            case .futureTimestamp: "futureTimestamp"
            case .cannotWrite: "cannotWrite"
            case .unsafeDirectory: "unsafeDirectory"
            case .metadataNotWritten: "metadataNotWritten"
            }
        default: "\(type(of: error))"
        }
    }

    // MARK: - No CLI in library text

    /// One value of every case of every error type, the nested ZIP and decryption errors included.
    static var everyLibraryError: [any Error] {
        let zip: [ZipError] = [
            .noEndOfCentralDirectory, .zip64, .multiDisk, .outOfBounds("the central directory"),
            .badSignature("local header"), .entryMissing("explore.db"), .unsupportedEntry("stored"),
            .inflateFailed("bad block"), .tooLarge("70000 entries"),
        ]
        let decryption: [WinZipAESError] = [
            .payloadTooShort(bytes: 3), .wrongPassword, .authenticationFailed, .cryptoFailure("EVP"),
        ]
        return allRows.map(\.error) + zip.map { ExploreImportError.archive(path: "/in.zip", $0) }
            + decryption.map { ExploreImportError.decryption(path: "/in.zip", $0) }
            + [DashSpendError.rateLimited(.ctx, retryAfterSeconds: nil), DashSpendError.timedOut(nil), sqlite]
            + GiftCardProvider.allCases.flatMap { provider -> [any Error] in
                [DashSpendError.signInRequired(provider), DashSpendError.unauthorized(provider)]
            }
    }

    /// Whether `text` names a command-line option or the tool.
    static func namesTheCLI(_ text: String) -> Bool {
        text.contains("--") || text.contains("merchant-lookup")
    }

    @Test("No library error message names a command-line option or the tool")
    func noCLIInMessages() {
        for error in Self.everyLibraryError {
            #expect(!Self.namesTheCLI("\(error)"), "\(type(of: error)): \(error)")
            #expect(!Self.namesTheCLI(DashSpendFailure(error).message), "\(type(of: error)): \(error)")
        }
    }

    @Test("No failure the front door makes itself names a command-line option or the tool")
    func noCLIInFrontDoorFailures() async throws {
        let state = try ScratchDirectory(prefix: "failure-policy")
        var failures: [DashSpendFailure] = []
        func collect(_ body: () async throws -> Void) async {
            if let failure = await ClientFixture.failure(body) { failures.append(failure) }
        }
        // Unusable provider URLs: not http(s), plain http to another machine.
        for url in ["ftp://example.com/", "http://example.com/api/", "not a url"] {
            await collect {
                _ = try DashSpendClient(
                    configuration: DashSpendConfiguration(stateDirectory: state.path, providerBaseURLs: [.ctx: url]))
            }
        }
        let twins = try FixtureDatabase.make(
            version: 4,
            rows: """
                INSERT INTO merchant (id, merchantId, name, type, paymentMethod, active) VALUES
                    (1, 'twin-a', 'Corner Store', 'physical', 'dash', 1), (2, 'twin-b', 'Corner Store', 'online', 'dash', 1);
                """, named: "twins.db", in: state)
        let offline = try DashSpendClient(
            configuration: DashSpendConfiguration(stateDirectory: state.path, database: .file(twins), offline: true))
        await collect { _ = try await offline.merchant("Corner Store") }
        await collect { _ = try await offline.merchant("nothing-like-it") }
        await collect { _ = try await offline.merchant("twin-a", policy: .networkOnly) }
        await collect { _ = try await offline.login(.ctx, email: "a@example.com") }
        await collect { _ = try await offline.verify(.ctx, code: "123456") }
        await collect { _ = try await offline.sync(.file(state.file("missing.zip"))) }
        let missing = try DashSpendClient(
            configuration: DashSpendConfiguration(stateDirectory: state.path, database: .installed(fallback: nil)))
        await collect { _ = try missing.databaseInfo() }
        let text = state.file("notes.txt")
        try Data("neither a ZIP nor SQLite".utf8).write(to: URL(fileURLWithPath: text))
        await collect { _ = try await missing.sync(.file(text)) }

        #expect(failures.count == 11, "\(failures.map(\.message))")
        for failure in failures {
            #expect(!Self.namesTheCLI(failure.message), "\(failure.kind): \(failure.message)")
        }
    }
}
