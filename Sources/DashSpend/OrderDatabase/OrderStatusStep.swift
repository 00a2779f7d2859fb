import DashSpendCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One status an order was kept in (a row of `order_status_event`): what it was, the provider's own word for
/// it, and when it was written.
struct OrderStatusStep: Sendable, Hashable {
    /// The status kept.
    let status: OrderStatus
    /// The provider's word for it, when it sent one.
    let providerStatus: String?
    /// When it was written.
    let date: Date
}
