// The modules split out of DashSpend, each re-exported whole: their public types were DashSpend's before, so an
// app that imports `DashSpend` sees them as before, and this package's other targets their `package`
// declarations, as when they were DashSpend's. Signing in (DashSpendAccounts: `SignInStatus`, `SignOutOutcome`);
// installing the explore database (DashSpendExploreSync: `SyncReport`, `SyncUpdateCheck`, `DatabaseProvenance`);
// merchants and offers (DashSpendMerchants: `ResolvedMerchant`, search rows, budgets, exchange rates, batch
// lookups, `DataState`); the orders (DashSpendOrders: `Order`, `SetAsideOrderFile`); purchasing and the orders'
// watch (DashSpendPurchasing: `PurchaseQuote`, `OrderPolling`, `OrderChange`, `OrderExportRow`,
// `OrderSupportReport`); what every service is given (DashSpendSetup: `DashSpendConfiguration`,
// `DashSpendFailure`, `SyncSource`, the fetch policies, the stores' doors); the state (cache) file
// (DashSpendState: `OfferCache`, `StateDatabaseRecovery`).
@_exported import DashSpendAccounts
@_exported import DashSpendExploreSync
@_exported import DashSpendMerchants
@_exported import DashSpendOrders
@_exported import DashSpendPurchasing
@_exported import DashSpendSetup
@_exported import DashSpendState

@_exported import enum DashSpendBarcode.BarcodeError
@_exported import enum DashSpendBarcode.BarcodeFormat
// App code imports `DashSpend` alone. It brings, of DashSpendCore and DashSpendExplore, the types the public
// API of DashSpend names (parameters, results, configuration, and the types those name in turn) and those an
// app needs to plug in its own credential store, transport or diagnostics sink: not the whole modules (their
// hashes, addresses, HTTP helpers and state folders stay theirs). ci/public-api.sh lists what this makes
// public against ci/public-api.txt.
@_exported import struct DashSpendBarcode.BarcodeImage
@_exported import struct DashSpendBarcode.CardBarcode
@_exported import enum DashSpendCore.CountryName
@_exported import protocol DashSpendCore.CredentialStore
@_exported import struct DashSpendCore.CredentialStoreError
@_exported import class DashSpendCore.CriticalSections
@_exported import struct DashSpendCore.DashPaymentRequest
@_exported import enum DashSpendCore.DashSpendError
@_exported import enum DashSpendCore.DashSpendNetwork
@_exported import protocol DashSpendCore.DashSpendRepository
@_exported import struct DashSpendCore.DeliveredCard
@_exported import struct DashSpendCore.Denominations
@_exported import enum DashSpendCore.DenominationsType
@_exported import struct DashSpendCore.DiagnosticEvent
@_exported import protocol DashSpendCore.DiagnosticsSink
@_exported import struct DashSpendCore.ExchangeRate
@_exported import struct DashSpendCore.FileCredentialStore
@_exported import enum DashSpendCore.GiftCardProvider
@_exported import struct DashSpendCore.HTTPDownloadTimeouts
@_exported import struct DashSpendCore.HTTPRequest
@_exported import struct DashSpendCore.HTTPResponse
@_exported import protocol DashSpendCore.HTTPTransport
@_exported import struct DashSpendCore.InterruptionNote
@_exported import enum DashSpendCore.JSONValue
@_exported import enum DashSpendCore.MerchantType
@_exported import enum DashSpendCore.OfferPlausibility
@_exported import enum DashSpendCore.OrderStatus
@_exported import enum DashSpendCore.PaymentMethod
@_exported import struct DashSpendCore.ProviderCredentials
@_exported import struct DashSpendCore.ProviderInfo
@_exported import struct DashSpendCore.ProviderMerchantDetails
@_exported import struct DashSpendCore.RepositoryConfiguration
@_exported import struct DashSpendCore.Resolved
@_exported import struct DashSpendCore.SilentDiagnostics
@_exported import struct DashSpendCore.SyncProgress
@_exported import typealias DashSpendCore.SyncProgressHandler
@_exported import enum DashSpendCore.SyncStage
@_exported import enum DashSpendCore.ValueSource
@_exported import enum DashSpendExplore.ATMKind
@_exported import struct DashSpendExplore.ATMRecord
@_exported import struct DashSpendExplore.ATMSearch
@_exported import class DashSpendExplore.ExploreDatabase
@_exported import enum DashSpendExplore.ExploreDatabaseError
@_exported import struct DashSpendExplore.ExploreDatabaseInfo
@_exported import struct DashSpendExplore.ExploreDifference
@_exported import struct DashSpendExplore.ExploreMerchant
@_exported import struct DashSpendExplore.ExploreSchema
@_exported import struct DashSpendExplore.GeoPoint
@_exported import struct DashSpendExplore.MerchantCandidate
@_exported import struct DashSpendExplore.MerchantLocation
@_exported import enum DashSpendExplore.MerchantLookupResult
@_exported import struct DashSpendExplore.MerchantRecord
@_exported import struct DashSpendExplore.MerchantSearch
@_exported import struct DashSpendExplore.MerchantSearchPage
@_exported import enum DashSpendExplore.MerchantSort
@_exported import struct DashSpendExplore.MerchantSummary
@_exported import struct DashSpendExplore.ProviderRecord
