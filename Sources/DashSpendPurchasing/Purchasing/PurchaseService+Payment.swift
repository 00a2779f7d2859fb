import DashSpendCore
package import DashSpendOrders
package import DashSpendSetup

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension PurchaseService {
    /// Records `transactionId` as the Dash transaction that paid order `orderId` (the local id, or the
    /// provider's order id); see ``DashSpendClient/recordPayment(orderId:transactionId:)``.
    package func recordPayment(orderId: String, transactionId: String) throws(DashSpendFailure) -> Order {
        let txid = try Self.transactionId(transactionId)
        let store = try orderFile.forWriting()
        try writable(store)
        let order = try storedOrder(id: orderId)
        let outcome: OrderStore.PaymentRecord
        do {
            outcome = try store.recordPayment(orderId: order.id, transactionId: txid, at: configuration.now())
        } catch {
            throw Self.stateFailure(error, path: store.database.path)
        }
        switch outcome {
        case .recorded, .recordedAlready:
            return try storedOrder(id: order.id)
        case .otherRecorded(let recorded):
            throw DashSpendFailure(
                .refused,
                "order \(order.id) was paid by transaction \(recorded), recorded already; transaction \(txid) is not "
                    + "recorded for it: nothing was changed",
                cause: .paymentAlreadyRecorded, subject: order.id)
        case .notKept:
            throw DashSpendFailure(.notFound, "no order \(orderId) is kept for this network", subject: orderId)
        }
    }

    /// How many hexadecimal digits a Dash transaction id has (a double SHA-256).
    static let transactionIdLength = 64

    /// `text` (trimmed) as a Dash transaction id: 64 hexadecimal digits, kept lowercased; anything else is
    /// ``DashSpendFailure/Kind/invalidRequest``.
    static func transactionId(_ text: String) throws(DashSpendFailure) -> String {
        let trimmed = text.trimmedWhitespace
        guard let txid = hexTransactionId(trimmed) else {
            let shown = trimmed.count > 80 ? String(trimmed.prefix(80)) + "..." : trimmed
            throw DashSpendFailure(
                .invalidRequest,
                "a Dash transaction id is \(transactionIdLength) hexadecimal digits, not \"\(shown)\" "
                    + "(\(trimmed.count) characters)", subject: shown)
        }
        return txid
    }

    /// `text` lowercased when it is 64 hexadecimal digits, else nil.
    static func hexTransactionId(_ text: String) -> String? {
        let isHex = text.utf8.allSatisfy { (48...57).contains($0) || (65...70).contains($0) || (97...102).contains($0) }
        guard text.utf8.count == transactionIdLength, isHex else { return nil }
        return text.lowercased()
    }
}
