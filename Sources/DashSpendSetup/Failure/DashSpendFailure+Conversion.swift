package import DashSpendCore
package import DashSpendExplore
import DashSpendSQLite
import DashSpendSync

extension DashSpendFailure {
    /// The failure `error` stands for; `provider` names the provider the operation talked to, if any.
    ///
    /// The one place that decides the kind of every error the modules behind the front door throw (an error
    /// of a module above this one says its own through ``FailureConvertible``).
    /// An error of a type not known here is an ``Kind/internalFailure`` that shows its type only, so
    /// nothing secret can leak through its text.
    package init(_ error: any Error, provider: GiftCardProvider? = nil) {
        switch error {
        case let failure as DashSpendFailure: self = failure
        case let error as DashSpendError: self.init(provider: error, at: provider)
        case let error as ExploreDatabaseError: self.init(database: error)
        case let error as ExploreImportError: self.init(sync: error)
        case let error as ExploreDownloadError: self.init(download: error)
        case let error as CredentialStoreError: self.init(credentials: error, of: provider)
        case let error as any FailureConvertible: self = error.failure
        case is CancellationError: self.init(.internalFailure, "cancelled")
        default: self.init(.internalFailure, "unexpected failure (\(type(of: error)))")
        }
    }

    /// The cause of a failure to open or write a file of the state directory: ``Cause/fileTooLarge`` when
    /// SQLite's write may have gone past the process's file-size limit, else ``Cause/stateDirectory``.
    package static func stateFileCause(of error: any Error) -> Cause {
        (error as? SQLiteError)?.mayExceedFileSizeLimit == true ? .fileTooLarge : .stateDirectory
    }

    /// The failure a provider's `error` stands for; `provider`: the provider the operation talked to, when the
    /// error does not name it.
    package init(provider error: DashSpendError, at provider: GiftCardProvider?) {
        let message = error.description
        switch error {
        case .signInRequired(let named):
            self.init(.signInRequired, message, cause: .notSignedIn, provider: named)
        case .unauthorized(let named):
            self.init(.signInRequired, message, cause: .sessionExpired, provider: named)
        case .wrongCode:
            self.init(.signInRequired, message, cause: .wrongCode, provider: provider)
        case .rateLimited(let named, let seconds):
            self.init(.tryAgainLater, message, provider: named, retryAfter: seconds.map(Double.init))
        case .timedOut(let named):
            self.init(.tryAgainLater, message, provider: named ?? provider)
        case .network:
            self.init(.unavailable, message, cause: .network, provider: provider)
        case .serverError:
            self.init(.unavailable, message, provider: provider)
        case .unreadableAnswer:
            self.init(.badData, message, provider: provider)
        case .unknownMerchant(let id):
            self.init(.notFound, message, provider: provider, subject: id)
        case .purchaseLimitsChanged:
            self.init(.refused, message, cause: .limitsChanged, provider: provider)
        case .outOfStock:
            self.init(.refused, message, cause: .outOfStock, provider: provider)
        case .regionNotAllowed:
            self.init(.refused, message, cause: .regionNotAllowed, provider: provider)
        case .invalidAmount:
            self.init(.refused, message, cause: .amountNotAllowed, provider: provider)
        case .rejected:
            self.init(.refused, message, provider: provider)
        }
    }

    /// The failure an explore database `error` stands for.
    package init(database error: ExploreDatabaseError) {
        switch error {
        case .fileMissing(let path), .directory(let path):
            self.init(.missingInput, error.description, cause: .databaseMissing, subject: path)
        case .emptyPath:
            self.init(.missingInput, error.description, cause: .databaseMissing, subject: "")
        case .encryptedArchive(let path):
            self.init(.badData, error.description, cause: .encryptedArchive, subject: path)
        case .notSQLite(let path), .truncated(let path, _, _), .notExploreDatabase(let path, _),
            .corrupt(let path, _), .cannotOpen(let path, _):
            self.init(.badData, error.description, cause: .databaseUnusable, subject: path)
        case .queryFailed:
            self.init(.badData, error.description)
        }
    }

    private init(sync error: ExploreImportError) {
        let kept = error.keptDatabase
        switch error {
        case .sourceMissing(let path):
            self.init(.missingInput, error.description, subject: path)
        case .cannotWrite(let path, _), .unsafeDirectory(let path, _):
            self.init(.cannotWrite, error.description, cause: .stateDirectory, subject: path)
        case .metadataNotWritten(_, let path, _):
            self.init(.cannotWrite, error.description, cause: .stateDirectory, subject: path, keptStoredData: kept)
        default:
            self.init(.badData, error.description, cause: .archiveRefused)
        }
    }

    private init(download error: ExploreDownloadError) {
        let message = error.description
        switch error {
        case .unreachable(let host, _):
            self.init(.unavailable, message, cause: .storageUnreachable, subject: host)
        case .accessRefused(let object, _, _):
            self.init(.refused, message, cause: .storageAccessRefused, subject: object)
        case .notFound(let object, _):
            self.init(.missingInput, message, subject: object)
        case .retryLater(let object, _, _, let seconds):
            self.init(.tryAgainLater, message, subject: object, retryAfter: seconds.map(Double.init))
        case .interrupted(let object, _, _, _, _):
            self.init(.tryAgainLater, message, subject: object)
        case .redirectRefused(let object, _, _), .unexpectedAnswer(let object, _, _):
            self.init(.unavailable, message, subject: object)
        case .wrongSize(let object, _, _), .metadataMismatch(let object, _, _, _):
            self.init(.badData, message, cause: .archiveRefused, subject: object)
        case .cannotWrite(let path, _):
            self.init(.cannotWrite, message, cause: .stateDirectory, subject: path)
        }
    }

    /// `provider`: whose credentials file it is (the error names only the path).
    private init(credentials error: CredentialStoreError, of provider: GiftCardProvider?) {
        switch error.kind {
        case .unreadable, .corrupt:
            self.init(.badData, error.description, cause: .credentials, provider: provider, subject: error.path)
        case .unwritable:
            self.init(
                .cannotWrite, error.description, cause: .stateDirectory, provider: provider, subject: error.path)
        case .busy:
            self.init(.tryAgainLater, error.description, provider: provider, subject: error.path)
        }
    }
}
