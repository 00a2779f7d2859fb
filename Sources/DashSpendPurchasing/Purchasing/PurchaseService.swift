package import DashSpendCore
import DashSpendExplore
package import DashSpendMerchants
package import DashSpendOrders
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

/// Buying cards: quotes, orders and following them, the capability behind ``DashSpendClient/quote(merchant:amount:provider:again:)``,
/// ``DashSpendClient/placeOrder(_:)`` and the client's order methods, with every rule of a purchase (which
/// offer, which amount, which order may be outstanding, what an answer must say) and the orders database.
/// It buys through each provider's purchasing side as the ``RepositoryFactory`` registered it, made once per
/// client.
package struct PurchaseService: Sendable {
    /// The client's configuration (network, clock, diagnostics, offline or not).
    let configuration: DashSpendConfiguration
    /// The door of the orders database, where every order is written before the provider is asked.
    let orderFile: OrdersFile
    /// The providers bought from, as the factory registered them.
    let providers: RegisteredProviders
    /// Checked before anything is sent.
    let credentials: CredentialsFile
    /// Where a quote's merchant is looked up with every offer resolved.
    let merchants: MerchantDirectory
    /// The exchange rates an order's Dash amount is checked against.
    let rates: ExchangeRates
    /// Where watches of orders share their asks (the state database).
    let stateFile: StateFile

    /// The purchases of a client made with `configuration`: orders kept behind `orderFile`, bought through
    /// `providers`' purchasers once `credentials` are checked, quoted from `merchants`' offers at `rates`;
    /// `stateFile` holds the leases order watches share.
    package init(
        configuration: DashSpendConfiguration, orderFile: OrdersFile, providers: RegisteredProviders,
        credentials: CredentialsFile, merchants: MerchantDirectory, rates: ExchangeRates, stateFile: StateFile
    ) {
        self.configuration = configuration
        self.orderFile = orderFile
        self.providers = providers
        self.credentials = credentials
        self.merchants = merchants
        self.rates = rates
        self.stateFile = stateFile
    }

    /// What buying the cards of `amounts` for merchant `idOrName` would be; see
    /// ``DashSpendClient/quote(merchant:amounts:provider:again:)``. The merchant is looked up with every
    /// offer resolved network first: each offer says whether it was answered live, and only the chosen one
    /// must have been (network only would fail the lookup when any signed-in provider fails).
    package func quote(
        merchant idOrName: String, amounts: [PurchaseAmount], provider: GiftCardProvider?, again: Bool
    ) async throws(DashSpendFailure) -> PurchaseQuote {
        let asked = try Self.lines(amounts, merchant: idOrName)
        let cardCount = asked.reduce(0) { $0 + $1.quantity }
        try credentials.checkUsable(.networkOnly, for: "buying from \(idOrName)", subject: idOrName)
        let resolved = try await merchants.merchant(idOrName, policy: .networkFirst, prefetched: .none)
        let name = resolved.merchant.name
        let offer: ResolvedOffer
        if let provider {
            guard let named = resolved.offers.first(where: { $0.provider == provider }) else {
                throw DashSpendFailure(
                    .notFound, "\(provider.displayName) does not sell \(name) gift cards", provider: provider,
                    subject: idOrName)
            }
            if cardCount > 1 && !provider.info.severalCardsPerOrder {
                throw Self.oneCardPerOrder(provider, cards: cardCount, merchant: name, subject: idOrName)
            }
            offer = named
        } else {
            var offers = resolved.offers
            if cardCount > 1 {
                // Several cards: only a provider that takes them in one order can sell them.
                let taking = offers.filter { $0.provider.info.severalCardsPerOrder }
                guard !taking.isEmpty else {
                    guard let first = offers.first else {
                        throw DashSpendFailure(.notFound, "\(name) sells no gift cards", subject: idOrName)
                    }
                    throw Self.oneCardPerOrder(first.provider, cards: cardCount, merchant: name, subject: idOrName)
                }
                offers = taking
            }
            let live = offers.filter { $0.enabled.source == .live }
            guard let best = live.first(where: { $0.enabled.value }) ?? live.first ?? offers.first else {
                throw DashSpendFailure(.notFound, "\(name) sells no gift cards", subject: idOrName)
            }
            if live.isEmpty, let first = FailureChoice.mostTelling(offers, failure: \.liveError),
                let error = first.liveError
            {
                // No provider answered: the first real failure, else the first "sign in".
                throw DashSpendFailure(error, provider: first.provider)
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
        for line in asked {
            try AmountCheck.check(line.value, against: offer.denominations.value, provider: offer.provider, merchant: name)
        }
        try AmountCheck.checkTotal(
            asked.reduce(Decimal(0)) { $0 + $1.value * Decimal($1.quantity) }, cards: cardCount, provider: offer.provider,
            merchant: name)
        let purchaser = try purchaser(for: offer.provider)
        var lines: [PurchaseQuote.Line] = []
        for line in asked {
            let product: ProductChoice
            do {
                // Chosen from the live answer the offer came from: the provider is not asked twice in one buy.
                product = try await purchaser.product(
                    sourceId: offer.sourceId, amount: line.value, quantity: line.quantity, answer: offer.liveAnswer)
            } catch {
                throw Self.failure(error, provider: offer.provider, subject: resolved.merchant.merchantId)
            }
            lines.append(
                PurchaseQuote.Line(
                    amount: line.value, quantity: line.quantity,
                    // The card ordered, at its own discount: the offer's is the best of the merchant's cards.
                    discountBasisPoints: product.discountBasisPoints ?? offer.discountBasisPoints.value,
                    productId: product.productId))
        }
        let quote = PurchaseQuote(
            merchantId: resolved.merchant.merchantId, merchantName: name, provider: offer.provider,
            sourceId: offer.sourceId, lines: lines, denominations: offer.denominations.value, repeatAllowed: again)
        let store = try orderFile.forWriting()
        try writable(store)
        try refuseRepeat(quote, in: store)
        return quote
    }

    /// `amounts` as the lines of one order: cards of one value asked twice are one line (their quantities
    /// added), in the order first asked. None, or a quantity below 1 or above
    /// ``PurchaseAmount/maximumQuantity``, is refused (``DashSpendFailure/Kind/invalidRequest``).
    static func lines(_ amounts: [PurchaseAmount], merchant: String) throws(DashSpendFailure) -> [PurchaseAmount] {
        guard !amounts.isEmpty else {
            throw DashSpendFailure(.invalidRequest, "a purchase needs at least one card", subject: merchant)
        }
        var lines: [PurchaseAmount] = []
        for amount in amounts {
            guard (1...PurchaseAmount.maximumQuantity).contains(amount.quantity) else {
                throw DashSpendFailure(
                    .invalidRequest,
                    "the number of cards of \(amount.value.plainText(fractionDigits: 2)) must be from 1 to "
                        + "\(PurchaseAmount.maximumQuantity), not \(amount.quantity)", subject: merchant)
            }
            if let index = lines.firstIndex(where: { $0.value == amount.value }) {
                lines[index] = PurchaseAmount(value: amount.value, quantity: lines[index].quantity + amount.quantity)
            } else {
                lines.append(amount)
            }
        }
        for line in lines where line.quantity > PurchaseAmount.maximumQuantity {
            throw DashSpendFailure(
                .invalidRequest,
                "the number of cards of \(line.value.plainText(fractionDigits: 2)) must be at most "
                    + "\(PurchaseAmount.maximumQuantity) in one order, not \(line.quantity)", subject: merchant)
        }
        return lines
    }

    /// The refusal of `cards` cards of `merchant` in one order at `provider`, which takes one card per order.
    private static func oneCardPerOrder(
        _ provider: GiftCardProvider, cards: Int, merchant: String, subject: String
    ) -> DashSpendFailure {
        let others = GiftCardProvider.allCases.filter { $0.info.severalCardsPerOrder }.map(\.displayName)
        let elsewhere =
            others.isEmpty
            ? "" : "; " + others.joined(separator: ", ") + " take" + (others.count == 1 ? "s" : "") + " several"
        return DashSpendFailure(
            .refused,
            "\(provider.displayName) sells one card per order, not \(cards) \(merchant) cards in one order\(elsewhere)",
            cause: .oneCardPerOrder, provider: provider, subject: subject)
    }

    /// Orders the card `quote` describes and returns the order with its payment request.
    package func placeOrder(_ quote: PurchaseQuote) async throws(DashSpendFailure) -> Order {
        if quote.cardCount > 1 && !quote.provider.info.severalCardsPerOrder {
            throw Self.oneCardPerOrder(
                quote.provider, cards: quote.cardCount, merchant: quote.merchantName, subject: quote.merchantId)
        }
        try AmountCheck.checkTotal(quote.amount, cards: quote.cardCount, provider: quote.provider, merchant: quote.merchantName)
        let purchaser = try purchaser(for: quote.provider)
        let store = try orderFile.forWriting()
        try writable(store)
        try refuseRepeat(quote, in: store)
        let rate = await publishedRate(for: quote)
        let lock: Int32
        do {
            lock = try OrderCreationLock.hold(databasePath: store.database.path)
        } catch {
            throw DashSpendFailure(
                .cannotWrite, "cannot place an order: \(error)", cause: .stateDirectory, subject: store.database.path)
        }
        defer { close(lock) }
        let now = configuration.now()
        var order = Order(
            id: UUID().uuidString.lowercased(), provider: quote.provider, merchantId: quote.merchantId,
            merchantName: quote.merchantName, sourceId: quote.sourceId, amount: quote.amount, currency: quote.currency,
            status: .creating, createdAt: now, updatedAt: now)
        order.lines = quote.lines.map(\.orderLine)
        let progress = OrderProgress(order)
        let result: Result<Order, DashSpendFailure>
        do {
            result = try await configuration.criticalSections.run(
                boundedBy: max(1, configuration.timeout) + 10,
                purpose: "the order in flight at \(quote.provider.displayName)", note: { progress.note }
            ) { () async -> Result<Order, DashSpendFailure> in
                do throws(DashSpendFailure) {
                    return .success(
                        try await create(order, quote: quote, rate: rate, purchaser: purchaser, store: store, progress: progress))
                } catch {
                    return .failure(error)
                }
            }
        } catch {
            // The program is exiting on a signal: nothing was written, nothing sent.
            throw DashSpendFailure(
                .tryAgainLater, "the buy was interrupted before the order was sent: nothing was ordered",
                provider: quote.provider, subject: quote.merchantId)
        }
        return try result.get()
    }

    /// Writes `order` (`creating`), sends the create, checks and keeps the answer.
    private func create(
        _ creating: Order, quote: PurchaseQuote, rate: Decimal?, purchaser: any GiftCardPurchasing, store: OrderStore,
        progress: OrderProgress
    ) async throws(DashSpendFailure) -> Order {
        var order = creating
        let stopping: [Order]
        do {
            // The last look for a card like it and the write of this one are one transaction: of two buys
            // racing for one card, the second sees the first's order here, however late it came.
            stopping = try store.insert(order) { kept in
                quote.repeatAllowed ? [] : RecentOrderGuard.blocking(quote, among: kept, now: creating.createdAt)
            }
        } catch {
            throw Self.stateFailure(error, path: store.database.path)
        }
        if let latest = stopping.first { throw repeatRefusal(quote, blockedBy: latest, now: creating.createdAt) }
        progress.set(order)
        let answer: ProviderOrder
        do {
            answer = try await purchaser.placeOrder(
                PurchaseRequest(sourceId: quote.sourceId, lines: quote.lines.map(\.orderLine), currency: quote.currency))
        } catch {
            // Failed before the create request could create anything (a token refresh, a sign-in): nothing
            // was bought, whatever the failure.
            let unsent = error as? OrderNotSent
            let failure = Self.failure(unsent?.error ?? error, provider: quote.provider, subject: quote.merchantId)
            if unsent == nil && Self.answerMayBeLost(error) {
                order.status = .unknown
                order.message = "\(failure.message): the order may exist at \(quote.provider.displayName)"
                order.updatedAt = configuration.now()
                try write(order, to: store)
                progress.set(order)
                throw DashSpendFailure(
                    failure.kind,
                    "\(failure.message); the order may exist: it is kept as order \(order.id) (status unknown)",
                    cause: .orderMayExist, provider: quote.provider, subject: order.id, retryAfter: failure.retryAfter)
            }
            do {
                try store.delete(id: order.id)
            } catch {
                // The refusal is what matters; a row left as "creating" becomes "unknown" on the next open.
            }
            progress.set(nil)
            throw failure
        }
        order = checked(answer, for: order, quote: quote, rate: rate, store: store)
        if order.status == .rejected {
            // Refused by this check, or by the provider in its answer: kept, and never shown as payable.
            try write(order, to: store)
            progress.set(order)
            throw DashSpendFailure(
                .refused,
                order.message
                    ?? "\(quote.provider.displayName) rejected order \(answer.id): it is kept as rejected order \(order.id)",
                provider: quote.provider, subject: order.id)
        }
        do {
            try store.save(order)
        } catch {
            // The order exists at the provider and can be paid: its payment is returned whatever the save
            // did, or it would be lost (and bought again).
            order.notSaved =
                "\(quote.provider.displayName) order \(answer.id) was created but could not be saved in the orders "
                + "database \(store.database.path): \(error); the payment shown here is the only copy"
        }
        progress.set(order)
        return order
    }

    /// `creating` after the provider's create `answer`: its facts fixed, or `rejected` (without a payment,
    /// the reason in its message) when the answer is not what was asked for or names an order already kept.
    private func checked(
        _ answer: ProviderOrder, for creating: Order, quote: PurchaseQuote, rate: Decimal?, store: OrderStore
    ) -> Order {
        let name = quote.provider.displayName
        var order = creating
        order.updatedAt = configuration.now()
        func rejected(_ reason: String, providerOrderId: String?) -> Order {
            order.status = .rejected
            order.providerOrderId = providerOrderId
            order.providerStatus = answer.providerStatus
            order.paymentURI = nil
            order.dashAmount = nil
            order.message = "\(name) order \(answer.id) \(reason): it is kept as rejected order \(order.id), not to be paid"
            return order
        }
        do {
            if let other = try store.keptOrderId(providerId: quote.provider.id, providerOrderId: answer.id),
                other != creating.id
            {
                return rejected("is the id of order \(other), kept already", providerOrderId: nil)
            }
        } catch {
            // Fails closed: an answer that cannot be told apart from a kept order's is not taken as checked.
            return rejected(
                "could not be told apart from the kept orders (the orders database could not be read: \(error))",
                providerOrderId: answer.id)
        }
        if let problem = PaymentCheck.problem(with: answer, for: quote, publishedRate: rate) {
            return rejected(problem, providerOrderId: answer.id)
        }
        var accepted: Order
        switch OrderTransition.apply(answer, to: creating, network: configuration.network, at: order.updatedAt) {
        case .accepted(let order): accepted = order
        case .refused(let reason): return rejected("was refused (\(reason))", providerOrderId: answer.id)
        }
        accepted.price = quote.price
        if let payment = answer.payment {
            let positive = { (value: Decimal?) in value.flatMap { $0 > 0 ? $0 : nil } }
            if positive(answer.dashRate) == nil && positive(rate) == nil {
                // No rate the library trusts: the payment is kept, and shown only once a later ask checks it.
                accepted.paymentCheckPending = true
                // The amount is not said: a payment not checked is shown nowhere, a note included.
                accepted.message =
                    "no exchange rate could be had to check the Dash \(name) asks: the order waits for that check "
                    + "and is not to be paid until it passes"
                configuration.diagnostics.record(DiagnosticEvent(.note, accepted.message ?? "", provider: quote.provider))
            } else if let note = accepted.message,
                let conflict = ProviderNoteCheck.conflict(in: note, address: payment.address, amount: payment.amount)
            {
                // The provider's note is not shown beside the checked payment as if it agreed with it.
                accepted.message =
                    "\(name)'s note about the payment names \(conflict), not the checked payment: the note is left out"
                configuration.diagnostics.record(DiagnosticEvent(.note, accepted.message ?? "", provider: quote.provider))
            }
        }
        return accepted
    }

    // MARK: - Helpers

    /// The provider's purchasing side, as the factory registered it (made once per client); offline, or
    /// with stored credentials that cannot be read, a failure.
    func purchaser(for provider: GiftCardProvider) throws(DashSpendFailure) -> any GiftCardPurchasing {
        if configuration.offline {
            throw DashSpendFailure(
                .invalidRequest, "buying from \(provider.displayName) needs the network, and this client is offline",
                provider: provider)
        }
        try credentials.check(provider)
        return providers[provider].purchaser
    }

    func write(_ order: Order, to store: OrderStore) throws(DashSpendFailure) {
        do {
            try store.save(order)
        } catch {
            throw Self.stateFailure(error, path: store.database.path)
        }
    }

    /// Refuses a change to an orders database a newer version wrote, naming both versions.
    func writable(_ store: OrderStore) throws(DashSpendFailure) {
        if let reason = store.database.newerVersion {
            throw DashSpendFailure(.cannotWrite, reason, cause: .newerVersion, subject: store.database.path)
        }
    }

    /// Refuses `quote` when a card like it may still be outstanding (`RecentOrderGuard`), unless allowed.
    private func refuseRepeat(_ quote: PurchaseQuote, in store: OrderStore) throws(DashSpendFailure) {
        guard !quote.repeatAllowed else { return }
        let kept: [Order]
        do {
            kept = try store.all()
        } catch {
            throw Self.stateFailure(error, path: store.database.path)
        }
        let now = configuration.now()
        guard let latest = RecentOrderGuard.blocking(quote, among: kept, now: now).first else { return }
        throw repeatRefusal(quote, blockedBy: latest, now: now)
    }

    /// The refusal of `quote` because `latest`, a card like it, may still be outstanding at `now`.
    private func repeatRefusal(_ quote: PurchaseQuote, blockedBy latest: Order, now: Date) -> DashSpendFailure {
        let age = Int(max(0, now.timeIntervalSince(latest.createdAt)) / 60)
        let standing =
            switch latest.status {
            case .unpaid: "is waiting for its payment"
            case .creating: "is being placed now"
            default: "may exist at \(latest.providerName) (its answer was lost)"
            }
        return DashSpendFailure(
            .refused,
            "order \(latest.id) of a \(quote.amount.plainText(fractionDigits: 2)) \(quote.currency) \(quote.merchantName) "
                + "card at \(latest.providerName), placed \(age) min ago, \(standing): another order would buy it twice",
            cause: .orderPending, provider: quote.provider, subject: latest.id)
    }

    /// The provider's published Dash rate for the quote's currency, when it has one and it can be had;
    /// nil otherwise (said to the diagnostics): the Dash asked is then checked against the answer's own rate
    /// only.
    private func publishedRate(for quote: PurchaseQuote) async -> Decimal? {
        await publishedRate(of: quote.provider, currency: quote.currency)
    }

    /// `provider`'s published Dash rate in `currency` (asked, or stored within its max age); nil when it has
    /// none or it cannot be had (said to the diagnostics).
    func publishedRate(of provider: GiftCardProvider, currency: String) async -> Decimal? {
        guard provider.info.exchangeRateMaxAge != nil else { return nil }
        do {
            let resolved = try await rates.rate(from: provider, currency: currency, policy: .cacheFirst())
            return resolved.rate.rate
        } catch {
            configuration.diagnostics.record(
                DiagnosticEvent(
                    .note, "no exchange rate to check the order's Dash amount with: \(DashSpendFailure(error).message)",
                    provider: provider))
            return nil
        }
    }

    /// `error` as a failure of `provider` about `subject` (the merchant a refusal concerns).
    private static func failure(_ error: any Error, provider: GiftCardProvider, subject: String) -> DashSpendFailure {
        let failure = DashSpendFailure(error, provider: provider)
        guard failure.subject == nil else { return failure }
        return DashSpendFailure(
            failure.kind, failure.message, cause: failure.cause, provider: failure.provider, subject: subject,
            retryAfter: failure.retryAfter, candidates: failure.candidates, keptStoredData: failure.keptStoredData)
    }

    static func stateFailure(_ error: any Error, path: String) -> DashSpendFailure {
        if let failure = error as? DashSpendFailure { return failure }
        if let readOnly = error as? OrderStoreReadOnly {
            return DashSpendFailure(.cannotWrite, readOnly.reason, cause: .newerVersion, subject: path)
        }
        return DashSpendFailure(
            .cannotWrite, "cannot use the orders in the orders database \(path): \(error)",
            cause: DashSpendFailure.stateFileCause(of: error), subject: path)
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
