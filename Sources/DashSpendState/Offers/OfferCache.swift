public import DashSpendCore

/// Keeps the last live answer of each provider for each merchant: the `cached` source of the chains.
///
/// ## Implementation requirements
/// - A failed network call never removes what is stored: only ``save(_:)`` changes an entry.
/// - A read never writes: a damaged entry or store is thrown, not repaired or removed by a read. The
///   merchant service reports the failure to its diagnostics and carries on as if nothing were stored.
public protocol OfferCache: Sendable {
    /// The last stored answer of `provider` about `sourceId`; nil when there is none. Throws when the store
    /// or the entry cannot be read.
    func load(_ provider: GiftCardProvider, sourceId: String) throws -> ProviderMerchantDetails?
    /// Stores `details`, replacing the previous answer of the same provider about the same merchant.
    func save(_ details: ProviderMerchantDetails) throws
}
