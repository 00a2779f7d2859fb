package import DashSpendCore

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// One status an order was kept in (a row of `order_status_event`): what it was, the provider's own word for
/// it, and when it was written.
package struct OrderStatusStep: Sendable, Hashable {
    /// The status kept.
    package let status: OrderStatus
    /// The provider's word for it, when it sent one.
    package let providerStatus: String?
    /// When it was written.
    package let date: Date
}
