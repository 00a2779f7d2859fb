public import DashSpendCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension DashSpendClient {
    /// What buying a card of `amount` for merchant `idOrName` would be, checked before anything is ordered.
    ///
    /// The merchant is resolved live: every signed-in provider is asked, and the offer bought from must have
    /// been answered live (a purchase never trusts a stored offer), but another provider's failure does not
    /// stop it. The offer is `provider`'s, else the best-ranked enabled one answered live; when no provider
    /// answered, the first provider's failure is thrown (a "sign in" one only when nothing else failed). The
    /// amount must be one of a
    /// fixed card's values, or inside a range with at most two decimals; the provider then checks what it
    /// needs beyond the offer (PiggyCards: a card of that value in stock, its 2,500 USD order cap) without
    /// ordering. A refused amount is ``DashSpendFailure/Kind/refused`` with cause
    /// ``DashSpendFailure/Cause/amountNotAllowed`` and a message that lists what is allowed.
    ///
    /// - Throws: ``DashSpendFailure``.
    public func quote(merchant idOrName: String, amount: Decimal, provider: GiftCardProvider? = nil)
        async throws -> PurchaseQuote
    {
        try checkUsable(.networkOnly, for: "buying from \(idOrName)", subject: idOrName)
        // Not networkOnly: there the first signed-in provider that fails fails the lookup, even when the
        // offer bought from is another's. Each offer says whether it was answered live, and only the chosen
        // one must have been.
        let resolved = try await merchant(idOrName, policy: .networkFirst)
        let name = resolved.merchant.name
        let offer: ResolvedOffer
        if let provider {
            guard let named = resolved.offers.first(where: { $0.provider == provider }) else {
                throw DashSpendFailure(
                    .notFound, "\(provider.displayName) does not sell \(name) gift cards", provider: provider,
                    subject: idOrName)
            }
            offer = named
        } else {
            let live = resolved.offers.filter { $0.enabled.source == .live }
            guard let best = live.first(where: { $0.enabled.value }) ?? live.first ?? resolved.offers.first else {
                throw DashSpendFailure(.notFound, "\(name) sells no gift cards", subject: idOrName)
            }
            if live.isEmpty {
                // No provider answered: the first real failure, else the first "sign in".
                let failed = resolved.offers.filter { $0.liveError != nil }
                let first =
                    failed.first { if case .signInRequired = $0.liveError { false } else { true } } ?? failed.first
                if let first, let error = first.liveError { throw DashSpendFailure(error, provider: first.provider) }
            }
            offer = best
        }
        guard offer.enabled.source == .live else {
            if let error = offer.liveError { throw DashSpendFailure(error, provider: offer.provider) }
            throw DashSpendFailure(DashSpendError.signInRequired(offer.provider), provider: offer.provider)
        }
        guard offer.enabled.value else {
            throw DashSpendFailure(
                .refused, "\(offer.provider.displayName) does not sell \(name) gift cards now", provider: offer.provider,
                subject: idOrName)
        }
        guard offer.denominations.source == .live else {
            // A purchase is checked against what the provider sells now, never a stored or local list.
            throw DashSpendFailure(
                .refused, "\(offer.provider.displayName) did not say which amounts it sells for \(name) now",
                provider: offer.provider, subject: idOrName)
        }
        try AmountCheck.check(amount, against: offer.denominations.value, provider: offer.provider, merchant: name)
        let purchaser = try purchaser(for: offer.provider)
        let productId: String?
        do {
            // Chosen from the live answer the offer came from: the provider is not asked twice in one buy.
            productId = try await purchaser.productChoice(
                sourceId: offer.sourceId, amount: amount, answer: offer.inputs.live)
        } catch {
            throw DashSpendFailure(error, provider: offer.provider)
        }
        return PurchaseQuote(
            merchantId: resolved.merchant.merchantId, merchantName: name, provider: offer.provider,
            sourceId: offer.sourceId, amount: amount, discountBasisPoints: offer.discountBasisPoints.value,
            denominations: offer.denominations.value, productId: productId)
    }

    /// Orders the card `quote` describes and returns the order with its payment request.
    ///
    /// The order is written to the state database (status `creating`) BEFORE the provider is
    /// asked, and updated with its answer. The create request is sent once: nothing here retries it. When the
    /// answer is lost (the connection drops, the time-out passes, the answer cannot be read, HTTP 5xx) the
    /// order is kept as `unknown` and the failure says under which id; when the provider
    /// refuses, or something before the create request fails (a token refresh: `OrderNotSent`), nothing was
    /// bought and the order is removed. An order without a payable `dash:` URI is kept
    /// as `rejected` and fails as ``DashSpendFailure/Kind/refused`` with the provider's note. When the order
    /// was created but the save of the provider's answer fails, the order is still returned with its payment,
    /// ``Order/notSaved`` saying why it is not kept.
    ///
    /// - Throws: ``DashSpendFailure``.
    public func placeOrder(_ quote: PurchaseQuote) async throws -> Order {
        let purchaser = try purchaser(for: quote.provider)
        let store = try orderStore()
        let now = configuration.now()
        var order = Order(
            id: UUID().uuidString.lowercased(), provider: quote.provider, merchantId: quote.merchantId,
            merchantName: quote.merchantName, sourceId: quote.sourceId, amount: quote.amount, currency: quote.currency,
            status: .creating, createdAt: now, updatedAt: now)
        try write(order, to: store)
        let answer: ProviderOrder
        do {
            answer = try await purchaser.placeOrder(
                PurchaseRequest(
                    sourceId: quote.sourceId, amount: quote.amount, currency: quote.currency, productId: quote.productId))
        } catch {
            // Failed before the create request could create anything (a token refresh, a sign-in): nothing
            // was bought, whatever the failure.
            let unsent = error as? OrderNotSent
            let failure = DashSpendFailure(unsent?.error ?? error, provider: quote.provider)
            if unsent == nil && Self.answerMayBeLost(error) {
                order.status = .unknown
                order.message = failure.message
                order.updatedAt = configuration.now()
                try write(order, to: store)
                throw DashSpendFailure(
                    failure.kind,
                    "\(failure.message); the order may have been created: it is kept as order \(order.id) (status unknown)",
                    cause: failure.cause, provider: quote.provider, subject: order.id, retryAfter: failure.retryAfter)
            }
            do {
                try store.delete(id: order.id)
            } catch {
                // The refusal is what matters; a row left as "creating" is shown as such.
            }
            throw failure
        }
        order = order.updated(with: answer, at: configuration.now())
        if answer.payment == nil {
            order.status = .rejected
            order.message =
                "\(quote.provider.displayName) order \(answer.id) cannot be paid: "
                + (answer.message ?? "no usable dash: payment URI")
                + (answer.paymentURI.map { " (\($0))" } ?? "")
        }
        if answer.payment == nil {
            try write(order, to: store)
            throw DashSpendFailure(.refused, order.message ?? "", provider: quote.provider, subject: order.id)
        }
        do {
            try store.save(order)
        } catch {
            // The order exists at the provider and can be paid: its payment is returned whatever the save
            // did, or it would be lost (and bought again).
            order.notSaved =
                "\(quote.provider.displayName) order \(answer.id) was created but could not be saved in the state "
                + "database \(store.database.path): \(error); the payment shown here is the only copy"
        }
        return order
    }

    /// Every order kept for this network, newest first. Reads the state database only.
    ///
    /// - Throws: ``DashSpendFailure``.
    public func orders() throws -> [Order] {
        let store = try orderStore()
        do {
            return try store.all()
        } catch {
            throw Self.stateFailure(error, path: store.database.path)
        }
    }

    /// The kept order `id` (the local id, or the provider's order id) without asking the provider.
    ///
    /// - Throws: ``DashSpendFailure``.
    public func storedOrder(id: String) throws -> Order {
        let store = try orderStore()
        let found: Order?
        do {
            found = try store.order(id: id.trimmedWhitespace)
        } catch {
            throw Self.stateFailure(error, path: store.database.path)
        }
        guard let found else { throw DashSpendFailure(.notFound, "no order \(id) is kept for this network", subject: id) }
        return found
    }

    /// The order `id` with its status refreshed from the provider (and its cards, once delivered), saved.
    /// An order whose creation answer was lost has no provider id to ask with: it is returned as kept. An
    /// order fulfilled with its cards kept is final: it is returned as kept without asking, so a delivered
    /// card is shown whether or not the provider answers. When the provider cannot be asked, the failure
    /// leaves the kept order (and its cards) as it was.
    ///
    /// - Throws: ``DashSpendFailure``.
    public func order(id: String) async throws -> Order {
        let stored = try storedOrder(id: id)
        guard let providerOrderId = stored.providerOrderId, stored.status != .creating else { return stored }
        if stored.status == .fulfilled && !stored.cards.isEmpty { return stored }
        let purchaser = try purchaser(for: stored.provider)
        let answer: ProviderOrder
        do {
            answer = try await purchaser.order(id: providerOrderId)
        } catch {
            throw DashSpendFailure(error, provider: stored.provider)
        }
        var order = stored.updated(with: answer, at: configuration.now())
        if stored.status == .rejected && answer.payment == nil { order.status = .rejected }
        try write(order, to: try orderStore())
        return order
    }

    /// The CTX order paid by Dash transaction `transactionId`, refreshed and saved: attached to the kept order
    /// with the same CTX id, else to the newest CTX order whose creation answer was lost (status
    /// `unknown`) for the same amount, else kept as a new order.
    ///
    /// - Throws: ``DashSpendFailure``.
    public func order(transactionId: String, provider: GiftCardProvider = .ctx) async throws -> Order {
        let txid = transactionId.trimmedWhitespace
        guard !txid.isEmpty else { throw DashSpendFailure(.invalidRequest, "a transaction id is needed") }
        let purchaser = try purchaser(for: provider)
        let store = try orderStore()
        let answer: ProviderOrder
        do {
            answer = try await purchaser.order(transactionId: txid)
        } catch {
            throw DashSpendFailure(error, provider: provider)
        }
        let now = configuration.now()
        let kept: Order?
        do {
            kept =
                try store.order(provider: provider, providerOrderId: answer.id)
                ?? store.all().first {
                    $0.provider == provider && $0.providerOrderId == nil
                        && ($0.status == .unknown || $0.status == .creating)
                        && (answer.fiatAmount == nil || answer.fiatAmount == $0.amount)
                }
        } catch {
            throw Self.stateFailure(error, path: store.database.path)
        }
        var order =
            kept
            ?? Order(
                id: UUID().uuidString.lowercased(), provider: provider, merchantId: "",
                merchantName: answer.merchantName ?? "", sourceId: "", amount: answer.fiatAmount ?? 0,
                status: answer.status, createdAt: now, updatedAt: now)
        order = order.updated(with: answer, at: now)
        order.transactionId = txid
        try write(order, to: store)
        return order
    }

    /// The states of order `id` as it changes, for a screen (or a command) to follow: the kept order as
    /// ``DataState/loading(previous:)``, then each answer as ``DataState/loaded(_:source:fetchedAt:)``
    /// (source `live`) or ``DataState/failed(_:previous:)``, asking again after `polling`'s
    /// waits (2 s doubling to 30 s by default) until the order is fulfilled or rejected. The sequence ends
    /// then, when the order is not kept, or when the consuming task is cancelled; a time limit is the
    /// caller's.
    public func orderStates(id: String, polling: OrderPolling = .standard) -> AsyncStream<DataState<Order>> {
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
                        if order.status.isFinal || order.providerOrderId == nil { break }
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

    // MARK: - Helpers

    /// The provider's purchasing side; a provider without one is an internal failure.
    private func purchaser(for provider: GiftCardProvider) throws(DashSpendFailure) -> any GiftCardPurchasing {
        if configuration.offline {
            throw DashSpendFailure(
                .invalidRequest, "buying from \(provider.displayName) needs the network, and this client is offline",
                provider: provider)
        }
        try readStoredCredentials(of: provider)
        guard let purchaser = repositoryFactory.makeRepository(for: provider) as? any GiftCardPurchasing else {
            throw DashSpendFailure(
                .internalFailure, "\(provider.displayName) cannot sell cards in this build", provider: provider)
        }
        return purchaser
    }

    private func orderStore() throws(DashSpendFailure) -> OrderStore {
        OrderStore(database: try stateDatabase())
    }

    private func write(_ order: Order, to store: OrderStore) throws(DashSpendFailure) {
        do {
            try store.save(order)
        } catch {
            throw Self.stateFailure(error, path: store.database.path)
        }
    }

    private static func stateFailure(_ error: any Error, path: String) -> DashSpendFailure {
        DashSpendFailure(
            .cannotWrite, "cannot use the orders in the state database \(path): \(error)", cause: .stateDirectory,
            subject: path)
    }

    /// Whether the provider may have accepted the request although no usable answer came back.
    private static func answerMayBeLost(_ error: any Error) -> Bool {
        switch error {
        case let error as DashSpendError:
            switch error {
            case .network, .timedOut, .unreadableAnswer, .serverError: return true
            default: return false
            }
        case is CancellationError: return true
        default: return false
        }
    }
}
