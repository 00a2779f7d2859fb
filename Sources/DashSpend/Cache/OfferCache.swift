import DashSpendCore

/// Keeps the last live answer of each provider for each merchant: the `cached` source of the chains.
///
/// ## Implementation requirements
/// - A failed network call never removes what is stored: only ``save(_:)`` changes an entry.
/// - A damaged store reads as empty and is not overwritten by a read.
public protocol OfferCache: Sendable {
    /// The last stored answer of `provider` about `sourceId`.
    func load(_ provider: GiftCardProvider, sourceId: String) -> ProviderMerchantDetails?
    /// Stores `details`, replacing the previous answer of the same provider about the same merchant.
    func save(_ details: ProviderMerchantDetails) throws
}
