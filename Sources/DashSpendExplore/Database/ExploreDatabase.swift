public import DashSpendCore
import DashSpendLocking
import DashSpendSQLite

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A read-only explore database: the SQLite file the Dash wallets download (schema v1 to v4).
///
/// The file is opened immutable, so it is never modified or locked and no `-wal`/`-shm` files appear
/// next to it. The schema is detected from what the file contains; columns are read by name.
/// Merchants sold only through providers this build does not include are invisible.
public final class ExploreDatabase: Sendable {
    /// Where the data came from: a path, or `embedded sample`.
    public let origin: String
    /// What the file contains.
    public let schema: ExploreSchema
    /// The providers whose offers are visible (by default every provider compiled into this build).
    public let providers: [GiftCardProvider]
    let connection: SQLiteConnection
    /// The texts of the statements run over and over, built for ``schema`` on first use.
    let queryTexts: ExploreQueryTexts
    /// The statement of ``merchant(id:)`` for this file's schema.
    var merchantSQL: String { queryTexts[.merchant]! }
    /// ``merchantSQL`` through the side index of names.
    var merchantByRowSQL: String { queryTexts[.merchantByRow]! }
    /// The statements of ``merchants(ids:)`` for this file's schema (merchant rows, provider rows).
    var merchantsSQL: String { queryTexts[.merchants]! }
    var merchantOffersSQL: String? { queryTexts[.merchantOffers] }
    /// ``merchantOffersSQL`` through the side index of names.
    var merchantOffersByRowSQL: String? { queryTexts[.merchantOffersByRow] }
    /// The statement of ``merchants(rowids:merchantIds:)``: merchant rows by rowid.
    var pageMerchantsSQL: String { queryTexts[.pageMerchants]! }
    /// The second statement of a search page for this file's schema.
    var pageOffersSQL: String { queryTexts[.pageOffers]! }
    /// ``pageOffersSQL`` through the side index of names.
    var pageOffersByRowSQL: String { queryTexts[.pageOffersByRow]! }
    /// The side index of folded names (``ExploreNameIndex``): attached (names are then looked up there
    /// instead of folded row by row), offered (attached on the first name lookup), or not available.
    let nameIndex = Locked(NameIndexState.unavailable)

    /// Where the side index of names stands for this connection.
    enum NameIndexState {
        /// None: names are folded row by row.
        case unavailable
        /// Made ready (built if needed, then attached with ``attachNameIndex(_:key:)``) by this on the first
        /// name lookup; false when it could not be.
        case offered(@Sendable (ExploreDatabase) -> Bool)
        /// Attached under ``ExploreNameIndex/schemaName``.
        case attached
    }

    /// Opens the explore database at `path`, checking first that it is a whole SQLite file and an explore
    /// database, and saying what to do when it is not.
    public convenience init(path: String, providers: [GiftCardProvider] = GiftCardProvider.allCases) throws(ExploreDatabaseError)
    {
        guard !path.isEmpty else { throw .emptyPath }
        let header = DatabaseFileHeader(path: path)
        switch header.kind {
        case .missing: throw .fileMissing(path: path)
        case .directory: throw .directory(path: path)
        case .unreadable: throw .cannotOpen(path: path, reason: "it cannot be read")
        case .notRegular(let reason): throw .cannotOpen(path: path, reason: reason)
        case .zipArchive: throw .encryptedArchive(path: path)
        case .other: throw .notSQLite(path: path)
        case .sqlite(let expected):
            if let expected, header.fileSize < expected {
                throw .truncated(path: path, expectedBytes: expected, actualBytes: header.fileSize)
            }
        }
        let connection: SQLiteConnection
        do {
            connection = try SQLiteConnection(path: path, mode: .immutable)
        } catch {
            throw error.isCorruption
                ? .corrupt(path: path, detail: error.message)
                : .cannotOpen(path: path, reason: error.message)
        }
        try self.init(connection: connection, origin: path, providers: providers)
    }

    /// Opens an in-memory copy of a database file's bytes (the embedded sample), read-only.
    public convenience init(bytes: Data, origin: String, providers: [GiftCardProvider] = GiftCardProvider.allCases)
        throws(ExploreDatabaseError)
    {
        guard case .sqlite = DatabaseFileHeader.classify(Array(bytes.prefix(100)), fileSize: bytes.count) else {
            throw .notSQLite(path: origin)
        }
        let connection: SQLiteConnection
        do {
            connection = try SQLiteConnection(bytes: bytes)
        } catch {
            throw .corrupt(path: origin, detail: error.message)
        }
        try self.init(connection: connection, origin: origin, providers: providers)
    }

    private init(connection: SQLiteConnection, origin: String, providers: [GiftCardProvider]) throws(ExploreDatabaseError) {
        self.connection = connection
        self.origin = origin
        self.providers = providers
        do {
            // Names are compared without accents and case (`cafe rio` finds `Café Rio`): the wallets' FTS
            // index cannot be changed, so queries fold both sides with this function.
            try connection.defineTextFunction(Self.foldFunction, NameMatching.folded)
            try connection.defineTextFunction(Self.wordsFunction, NameMatching.nameWords)
            schema = try connection.read { db in try ExploreSchema.read(db, origin: origin) }
        } catch {
            throw Self.databaseError(error, origin: origin)
        }
        queryTexts = ExploreQueryTexts(schema: schema)
    }

    /// The SQL function that folds a name's accents and case (`NameMatching.folded(_:)`).
    static let foldFunction = "dashspend_fold"
    /// The SQL function that writes a name as its words (`NameMatching.nameWords(_:)`), for a search by words.
    static let wordsFunction = "dashspend_words"

    /// SQL that is true when the name in `column` may fold to something other than SQLite's `lower()` of it:
    /// it has a character outside printable ASCII, or whitespace to collapse (leading, trailing, doubled).
    /// Only those rows call the folding function, a call into Swift per row (on the wallets' 200,000-row
    /// file, seconds when every row made it); the others are compared by SQLite itself.
    static func needsFolding(_ column: String) -> String {
        "(\(column) GLOB '*[^ -~]*' OR \(column) GLOB '*  *' OR \(column) GLOB ' *' OR \(column) GLOB '* ')"
    }

    /// SQL that is true when the name in `column`, folded, equals the bound folded name (bound twice).
    static func foldedNameEquals(_ column: String) -> String {
        "(lower(\(column)) = ? OR (\(needsFolding(column)) AND \(foldFunction)(\(column)) = ?))"
    }

    /// Runs `body` under the connection's lock, mapping SQLite failures to ``ExploreDatabaseError``.
    func read<T>(_ body: (borrowing SQLiteConnection.Access) throws -> T) throws(ExploreDatabaseError) -> T {
        do {
            return try connection.read(body)
        } catch {
            throw Self.databaseError(error, origin: origin)
        }
    }

    /// A failure while reading, as an ``ExploreDatabaseError``: SQLite's damage codes become `corrupt`.
    private static func databaseError(_ error: any Error, origin: String) -> ExploreDatabaseError {
        switch error {
        case let error as ExploreDatabaseError: return error
        case let error as SQLiteError:
            return error.isCorruption ? .corrupt(path: origin, detail: error.message) : .queryFailed(error)
        default: return .queryFailed(SQLiteError(code: -1, message: "\(error)"))
        }
    }
}
