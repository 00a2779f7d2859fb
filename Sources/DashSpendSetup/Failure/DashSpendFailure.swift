public import DashSpendCore
public import DashSpendExplore

/// Every failure of a ``DashSpendClient`` operation, as one value: what happened (``message``), which kind
/// of failure it is (``kind``, which a program maps to its own reaction, such as an exit code), what it
/// concerns (``provider``, ``subject``) and, where a person needs it, the specific ``cause``.
///
/// Messages say what happened to which input at which provider; they never name a command-line option and
/// never contain a token, password or one-time code. What to do about it is the caller's to say.
public struct DashSpendFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of failure, each a different reaction for the caller.
    public enum Kind: String, Sendable, CaseIterable {
        /// The merchant (or other thing asked for) does not exist here.
        case notFound
        /// A name matches several merchants; ``DashSpendFailure/candidates`` lists them.
        case ambiguous
        /// The request or configuration is not valid (an unusable URL, an option out of range).
        case invalidRequest
        /// A file or an answer cannot be read: damaged, truncated, not what it claims to be.
        case badData
        /// An input file does not exist.
        case missingInput
        /// A provider or the network cannot be reached or failed (HTTP 5xx, no connection).
        case unavailable
        /// A bug or an unexpected condition in this library.
        case internalFailure
        /// The state directory, or a file in it, cannot be written.
        case cannotWrite
        /// The provider asked to wait (HTTP 429) or did not answer in time; see ``DashSpendFailure/retryAfter``.
        case tryAgainLater
        /// A provider needs a sign-in, or refused the stored one.
        case signInRequired
        /// The provider refused the request for a reason of its own (a wrong code, a limit, the region).
        case refused
    }

    /// The specific causes a caller may want to explain differently from others of the same kind.
    public enum Cause: String, Sendable {
        /// Nothing more specific than the kind.
        case general
        /// No credentials are stored for the provider.
        case notSignedIn
        /// The provider refused the stored session.
        case sessionExpired
        /// The one-time code is wrong or expired.
        case wrongCode
        /// The explore file given is the encrypted download, not the database inside it.
        case encryptedArchive
        /// The explore file given does not exist.
        case databaseMissing
        /// No explore database was synced for the network and the configuration gives no fallback: sync
        /// first (``DashSpendClient/sync(_:force:strict:progress:)``), or pass a file or the sample
        /// (``ExploreDatabaseLocation``).
        case notSynced
        /// The explore file is not an explore database, or is damaged or truncated.
        case databaseUnusable
        /// A file or folder of the state directory cannot be used.
        case stateDirectory
        /// A folder of the state directory is the user's own but group or others can write to it, so no
        /// private file is kept there: making it private (mode 0700) is the fix. ``DashSpendFailure/subject``
        /// is the folder.
        case stateDirectoryWritableByOthers
        /// The network could not carry the request.
        case network
        /// The merchant is sold only through providers this build does not include.
        case providerNotCompiledIn
        /// The merchant is sold only through providers not offered in the user's country.
        case notOfferedInCountry
        /// A stored credentials file is damaged or unreadable.
        case credentials
        /// An archive given to sync was refused (damaged, tampered, not the explore download).
        case archiveRefused
        /// The amount is not one the card is sold for (a fixed value, the range, the provider's caps).
        case amountNotAllowed
        /// The card is out of stock.
        case outOfStock
        /// The provider's purchase limits changed since its offer was read.
        case limitsChanged
        /// The provider does not sell to the user's region.
        case regionNotAllowed
        /// The storage server of a sync could not be reached (no network, a name that does not resolve).
        case storageUnreachable
        /// The storage bucket of a sync refused anonymous access (HTTP 401 or 403).
        case storageAccessRefused
        /// The answer to a create request was lost: the order may exist; it is kept as `unknown` under the
        /// local id in ``DashSpendFailure/subject``.
        case orderMayExist
        /// An order of the same card may still be outstanding (its answer lost, or waiting for its payment):
        /// ``DashSpendFailure/subject`` is its local id. Buying again must be asked for.
        case orderPending
        /// A payment found by its transaction could belong to several kept orders; the message lists them.
        case ambiguousOrder
        /// A file was written by a newer version of DashSpend: it is left as it is, and not written.
        case newerVersion
        /// A file of the state directory could not grow past the process's file-size limit (`ulimit -f`,
        /// RLIMIT_FSIZE). The write was rolled back: nothing is half-written. ``DashSpendFailure/subject`` is
        /// the file.
        case fileTooLarge
        /// No Dash exchange rate is known to turn an amount of Dash into money: none was given, and no
        /// provider of this build publishes one, or none could be asked and none is stored.
        /// ``DashSpendFailure/subject`` is the currency.
        case noExchangeRate
        /// Several cards were asked for in one order from a provider that sells one card per order (CTX:
        /// ``ProviderInfo/severalCardsPerOrder`` is false); nothing was ordered. Each card is its own order
        /// there, or another provider takes them in one.
        case oneCardPerOrder
        /// Another transaction is recorded already as the one that paid the order
        /// (``DashSpendClient/recordPayment(orderId:transactionId:)``, or the one it was found by): the first
        /// is kept and nothing was changed. ``DashSpendFailure/subject`` is the order's local id.
        case paymentAlreadyRecorded
    }

    /// The kind of failure.
    public let kind: Kind
    /// The specific cause, when it matters.
    public let cause: Cause
    /// One line: what happened, to which input, at which provider.
    public let message: String
    /// The provider concerned, if any.
    public let provider: GiftCardProvider?
    /// The input concerned (a path, a merchant id, a name), if any.
    public let subject: String?
    /// Seconds to wait before trying again, when the provider said so.
    public let retryAfter: Double?
    /// For ``Kind/ambiguous``: the merchants the name matches.
    public let candidates: [MerchantCandidate]
    /// Whether stored data was left exactly as it was (true unless the failure says otherwise).
    public let keptStoredData: Bool

    /// Creates a failure.
    public init(
        _ kind: Kind, _ message: String, cause: Cause = .general, provider: GiftCardProvider? = nil,
        subject: String? = nil, retryAfter: Double? = nil, candidates: [MerchantCandidate] = [],
        keptStoredData: Bool = true
    ) {
        self.kind = kind
        self.cause = cause
        self.message = message
        self.provider = provider
        self.subject = subject
        self.retryAfter = retryAfter
        self.candidates = candidates
        self.keptStoredData = keptStoredData
    }

    /// The message.
    public var description: String { message }
}
