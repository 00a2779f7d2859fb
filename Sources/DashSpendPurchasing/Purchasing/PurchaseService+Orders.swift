package import DashSpendCore
package import DashSpendMerchants
package import DashSpendOrders
import DashSpendSQLite
package import DashSpendSetup

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension PurchaseService {
    /// Every order kept for this network, newest first. Reads the orders database only (offline, without
    /// writing it at all: ``OrdersFile/forReading()``).
    package func orders() throws(DashSpendFailure) -> [Order] {
        guard let store = try orderFile.forReading() else { return [] }
        do {
            return try store.all()
        } catch {
            throw Self.stateFailure(error, path: store.database.path)
        }
    }

    /// The kept order `id` (the local id, or the provider's order id) without asking the provider.
    package func storedOrder(id: String) throws(DashSpendFailure) -> Order {
        var found: Order?
        if let store = try orderFile.forReading() {
            do {
                found = try store.order(id: id.trimmedWhitespace)
            } catch {
                throw Self.stateFailure(error, path: store.database.path)
            }
        }
        guard var found else { throw DashSpendFailure(.notFound, "no order \(id) is kept for this network", subject: id) }
        if found.provider == nil { found.notes.append(Self.notInThisBuild(found)) }
        return found
    }

    /// The order `id` with its status refreshed from the provider (and its cards, once delivered), saved.
    package func order(id: String) async throws(DashSpendFailure) -> Order {
        let stored = try storedOrder(id: id)
        guard let provider = stored.provider else { return stored }
        if stored.providerOrderId == nil, stored.status == .unknown, let txid = stored.transactionId,
            provider.info.findsOrdersByTransaction
        {
            // The create answer was lost, and the wallet recorded the transaction that paid it: the provider
            // finds the order by it (and `TransactionMatch` attaches the answer to this order).
            return try await order(transactionId: txid, provider: provider)
        }
        guard let providerOrderId = stored.providerOrderId, stored.status != .creating else { return stored }
        // Only a fulfilled order with all its cards kept is final: a rejected one may still be paid and
        // fulfilled, and the rest of a partial delivery may still come.
        if stored.status == .fulfilled && !stored.cards.isEmpty && stored.cards.count >= stored.cardCount { return stored }
        let store = try orderFile.forWriting()
        try writable(store)
        let purchaser = try purchaser(for: provider)
        let answer: ProviderOrder
        do {
            answer = try await purchaser.order(id: providerOrderId)
        } catch let notKnown as OrderNotKnown {
            try write(Self.notKnown(stored, by: provider, at: configuration.now()), to: store)
            throw DashSpendFailure(notKnown.error, provider: provider)
        } catch {
            throw DashSpendFailure(error, provider: provider)
        }
        switch OrderTransition.apply(
            answer, to: stored, network: configuration.network, at: configuration.now())
        {
        case .accepted(var order):
            if order.paymentCheckPending { order = await checkedPayment(of: order, answer: answer, provider: provider) }
            for note in order.notes { configuration.diagnostics.record(DiagnosticEvent(.note, note, provider: provider)) }
            try write(order, to: store)
            return order
        case .refused(let reason):
            return refused(reason, keeping: stored, provider: provider)
        }
    }

    /// `order`, whose payment waits for a check against an exchange rate, checked against the answer's own
    /// rate or the provider's published one: passed, it may be paid; failed, it is rejected (not to be paid);
    /// with no rate still, it keeps waiting.
    private func checkedPayment(of order: Order, answer: ProviderOrder, provider: GiftCardProvider) async -> Order {
        var order = order
        guard order.status == .unpaid else {
            // Paid or further: there is nothing left to pay, and nothing to check.
            order.paymentCheckPending = false
            return order
        }
        let own = answer.dashRate.flatMap { $0 > 0 ? $0 : nil }
        let published = own == nil ? await publishedRate(of: provider, currency: order.currency) : nil
        guard let rate = own ?? published, let dash = order.dashAmount, let price = order.price else { return order }
        order.paymentCheckPending = false
        let source = own != nil ? "its own rate" : "its published rate"
        if let problem = PaymentCheck.problem(
            dash: dash, price: price, rate: rate, currency: order.currency, source: source)
        {
            order.status = .rejected
            order.message =
                "\(provider.displayName) order \(order.providerOrderId ?? order.id) \(problem): it is kept as rejected, "
                + "not to be paid"
        } else {
            order.message = answer.message
        }
        return order
    }

    /// `order` after its provider said it does not know it: not payable (unknown, the status before
    /// remembered) until the provider says otherwise.
    private static func notKnown(_ order: Order, by provider: GiftCardProvider, at now: Date) -> Order {
        var changed = order
        if order.status != .unknown {
            changed.lastKnownStatus = order.status
            changed.status = .unknown
        }
        changed.providerStatus = nil
        changed.message =
            "\(provider.displayName) does not know order \(order.providerOrderId ?? order.id) now: it is not to be paid "
            + "until \(provider.displayName) says it is"
        changed.updatedAt = now
        return changed
    }

    /// The order paid by the Dash transaction `transactionId`, asked from `provider` (CTX) and kept.
    package func order(transactionId: String, provider: GiftCardProvider) async throws(DashSpendFailure) -> Order {
        let trimmed = transactionId.trimmedWhitespace
        guard !trimmed.isEmpty else { throw DashSpendFailure(.invalidRequest, "a transaction id is needed") }
        // A hexadecimal id is kept as a recorded payment is (lowercased); another form as it was given.
        let txid = Self.hexTransactionId(trimmed) ?? trimmed
        let purchaser = try purchaser(for: provider)
        let store = try orderFile.forWriting()
        try writable(store)
        let answer: ProviderOrder
        do {
            answer = try await purchaser.order(transactionId: txid)
        } catch {
            throw DashSpendFailure(error, provider: provider)
        }
        let now = configuration.now()
        let kept: [Order]
        do {
            kept = try store.all()
        } catch {
            throw Self.stateFailure(error, path: store.database.path)
        }
        let base: Order
        switch TransactionMatch.match(answer, transactionId: txid, among: kept) {
        case .kept(let order):
            base = order
        case .ambiguous(let candidates):
            let listed = candidates.map {
                "\($0.id) (\($0.merchantName), \($0.amount.plainText(fractionDigits: 2)) \($0.currency), created "
                    + "\(UTCTimestamp.extended($0.createdAt)))"
            }
            throw DashSpendFailure(
                .refused,
                "transaction \(txid) paid \(provider.displayName) order \(answer.id) (\(answer.merchantName ?? "?"), "
                    + "\(answer.fiatAmount?.plainText(fractionDigits: 2) ?? "?")), which could be any of "
                    + "\(candidates.count) kept orders: " + listed.joined(separator: "; ") + "; nothing was changed",
                cause: .ambiguousOrder, provider: provider, subject: txid)
        case .none:
            base = Order(
                id: UUID().uuidString.lowercased(), providerId: provider.id, merchantId: "",
                merchantName: answer.merchantName ?? "", sourceId: "", amount: answer.fiatAmount ?? 0,
                currency: answer.fiatCurrency ?? "USD", status: .unknown, foundByTransaction: true, createdAt: now,
                updatedAt: now)
        }
        if let recorded = base.transactionId, recorded.lowercased() != txid.lowercased() {
            throw DashSpendFailure(
                .refused,
                "order \(base.id) was paid by transaction \(recorded) already; transaction \(txid) is not recorded for "
                    + "it: nothing was changed",
                cause: .paymentAlreadyRecorded, provider: provider, subject: base.id)
        }
        switch OrderTransition.apply(answer, to: base, network: configuration.network, at: now) {
        case .accepted(var order):
            if order.transactionId == nil {
                order.transactionId = txid
                order.transactionRecordedAt = now
            }
            try write(order, to: store)
            return order
        case .refused(let reason):
            if base.foundByTransaction {
                throw DashSpendFailure(.refused, "refused: \(reason)", provider: provider, subject: txid)
            }
            return refused(reason, keeping: base, provider: provider)
        }
    }

    /// Every damaged file set aside with orders in it, newest first, whether or not the user was shown it.
    package func setAsideOrderFiles() throws(DashSpendFailure) -> [SetAsideOrderFile] {
        guard let store = try orderFile.forReading() else { return [] }
        do {
            return try store.setAsideFiles()
        } catch {
            throw Self.stateFailure(error, path: store.database.path)
        }
    }

    /// The statuses the kept order `id` went through, oldest first; empty when the orders database cannot be read
    /// or keeps none for it (the report then dates its first and latest state only). Only reads.
    package func statusHistory(of id: String) -> [OrderStatusStep] {
        do {
            guard let store = try orderFile.forReading() else { return [] }
            return try store.statusHistory(of: id)
        } catch {
            configuration.diagnostics.record(
                DiagnosticEvent(.note, "the status history of order \(id) could not be read: \(error)"))
            return []
        }
    }

    /// The damaged files set aside with orders in it that the user has not been shown yet.
    /// Only reads (the store the client opened, for writing or only to read); see `OrdersFile.notes()`.
    package func unacknowledgedSetAsideOrderFiles() -> [SetAsideOrderFile] {
        orderFile.notes().unacknowledged
    }

    /// The orders database's path when it exists and cannot be read; see
    /// ``DashSpendClient/damagedOrderDatabase()``. Only reads; see `OrdersFile.notes()`.
    package func damagedOrderDatabase() -> String? {
        orderFile.notes().damaged
    }

    /// Records that the user has been shown every set-aside file: they are no longer said on every command.
    package func acknowledgeSetAsideOrderFiles() throws(DashSpendFailure) {
        let store = try orderFile.forWriting()
        do {
            try store.acknowledgeSetAsideFiles()
        } catch {
            throw Self.stateFailure(error, path: store.database.path)
        }
    }

    /// The states of order `id` as it changes; see ``DashSpendClient/orderStates(id:polling:)``.
    package func orderStates(id: String, polling: OrderPolling) -> AsyncStream<DataState<Order>> {
        AsyncStream { continuation in
            let task = Task {
                var previous: Order
                do {
                    previous = try storedOrder(id: id)
                } catch {
                    continuation.yield(.failed(DashSpendFailure(error), previous: nil))
                    continuation.finish()
                    return
                }
                var interval = polling.initial
                while !Task.isCancelled {
                    continuation.yield(.loading(previous: previous))
                    do {
                        let order = try await order(id: id)
                        previous = order
                        continuation.yield(.loaded(order, source: .live, fetchedAt: order.updatedAt))
                        if order.status.isFinal || order.status == .unknown || order.providerOrderId == nil
                            || order.provider == nil
                        {
                            break
                        }
                    } catch {
                        continuation.yield(.failed(DashSpendFailure(error), previous: previous))
                    }
                    do {
                        try await Task.sleep(seconds: interval)
                    } catch {
                        break
                    }
                    interval = polling.next(after: interval)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// `kept` with the refusal of a provider's answer said (diagnostics and ``Order/notes``).
    private func refused(_ reason: String, keeping kept: Order, provider: GiftCardProvider) -> Order {
        let line = "refused: \(reason); the order is kept as it was"
        configuration.diagnostics.record(DiagnosticEvent(.note, line, provider: provider))
        var order = kept
        order.notes.append(line)
        return order
    }

    /// What an order of a provider this build leaves out says.
    private static func notInThisBuild(_ order: Order) -> String {
        "\(order.providerName) is not in this build: the order is shown as kept, and cannot be asked about"
    }
}
