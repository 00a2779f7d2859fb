#if PIGGYCARDS_ENABLED
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DashSpendCore

/// Where a PiggyCards order stands, in CTX's words.
package enum PiggyCardsOrderStatus: String, Sendable, Hashable, CaseIterable {
    /// Waiting for the Dash payment.
    case unpaid
    /// Paid; the card is being issued.
    case paid
    /// The card was delivered.
    case fulfilled
    /// Cancelled.
    case rejected

    /// Maps PiggyCards' `status` (trimmed, any case): `Payment pending` → unpaid, `Paid`/`Processing` →
    /// paid, `Complete` → fulfilled, `Cancelled` → rejected, anything else (or nothing) → unpaid.
    package init(providerStatus: String?) {
        switch providerStatus?.trimmedWhitespace.lowercased() ?? "" {
        case "paid", "processing": self = .paid
        case "complete": self = .fulfilled
        case "cancelled": self = .rejected
        default: self = .unpaid
        }
    }
}
#endif
