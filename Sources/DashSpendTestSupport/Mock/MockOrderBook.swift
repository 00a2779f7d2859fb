package import DashSpendCore
import DashSpendLocking
import DashSpendTestKit

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// The orders a ``MockProviderServer`` has taken, once a test turns the book on
/// (``MockProviderServer/orderBook``): CTX purchases (POST `gift-cards`) and PiggyCards orders (POST
/// `orders`) are created here with numbered ids, and their status calls walk through ``setProgression(_:)``
/// one step per call, so a test can follow an order from unpaid to fulfilled. It also overrides catalogue
/// answers (a CTX merchant, a PiggyCards brand's cards) for the test that needs another one.
///
/// The Dash asked is consistent with the price: CTX asks `amount / dashPrice` DASH and says at which `rate`
/// that is the discounted price (`paymentFiatAmount`), as CTX's answers carry both; PiggyCards asks the
/// discounted price of the card ordered at its published exchange rate. A test can edit any create or
/// status answer before it is sent (``setCreateAnswerEdit(_:)``, ``setStatusAnswerEdit(_:)``): another
/// payment, another id, a status word the wallets do not know, a field spelled the other wallet's way.
package final class MockOrderBook: Sendable {
    /// One order taken.
    package struct Entry: Sendable, Hashable {
        /// The provider that took it (`ctx` or `piggycards`: the server's path prefixes).
        package let provider: String
        /// Its id.
        package let id: String
        /// The card's value as the request said it.
        package let amountText: String
        /// The merchant id (CTX) or product id (PiggyCards) ordered.
        package let product: String
        /// How many status calls it has answered.
        package var statusCalls = 0
        /// The transaction id that paid it, when a test says so.
        package var transactionId: String?
        /// The `dash:` URI it asks to be paid (fixed when created).
        package var paymentURI: String = ""
        /// The card's price after the discount, in USD (fixed when created).
        package var price: Decimal = 0
        /// The merchant's name as the provider's answers give it.
        package var merchantName: String = ""
        /// The product of each card ordered, in the order of the lines (PiggyCards: a line of quantity 2 is
        /// two entries; CTX: the one card's merchant id).
        package var cardProducts: [String] = []
    }

    /// Edits an answer (its JSON object as the book would send it) before it goes out.
    package typealias AnswerEdit = @Sendable (_ entry: Entry, _ answer: JSONValue) -> JSONValue
    /// Edits a status answer; `call` counts the order's status calls from 0.
    package typealias StatusEdit = @Sendable (_ entry: Entry, _ call: Int, _ answer: JSONValue) -> JSONValue

    private struct State {
        var enabled = false
        var entries: [Entry] = []
        var bodies: [String: [JSONValue]] = [:]
        var progression: [OrderStatus] = [.unpaid]
        var dashURLs: [String: String]?
        var ctxMerchants: [String: String] = [:]
        var giftCards: [String: String] = [:]
        var createEdit: AnswerEdit?
        var statusEdit: StatusEdit?
        var piggyCardsWord: String?
        var deliveredCounts: [Int]?
        var androidSpellings = false
        var paymentRequest: (kind: FakePaymentRequest, uri: FakePaymentRequestURI)?
        /// Signed requests made when their order was created (signing runs a process: not in the fetch,
        /// whose time-out is short), by order id, with the kind they were made as.
        var signedRequests: [String: (kind: FakePaymentRequest, response: LoopbackResponse)] = [:]
    }

    private let state = Locked(State())

    /// A CTX payment address on mainnet.
    package static let dashAddress = "XdAUmwtig27HBG6WfYyHAzP8n6XC9jESEw"
    /// The card number of every delivered card.
    package static let cardNumber = "6006491234567890"
    /// The PIN of every delivered card.
    package static let cardPin = "4321"
    /// The Dash price in USD the book converts with.
    package static let dashPrice: Decimal = 30

    package init() {}

    /// Whether the book answers create and status calls (off: the fixtures do).
    package var isEnabled: Bool { state.withLock { $0.enabled } }

    /// Turns the book on.
    package func enable() { state.withLock { $0.enabled = true } }

    /// The statuses every order reports, one per status call (the last repeats).
    package func setProgression(_ statuses: [OrderStatus]) {
        state.withLock { $0.progression = statuses.isEmpty ? [.unpaid] : statuses }
    }

    /// Replaces the `paymentUrls` map CTX sends (nil: the book's own, with `DASH.DASH` among other keys).
    package func setCTXPaymentURLs(_ urls: [String: String]?) { state.withLock { $0.dashURLs = urls } }

    /// Makes CTX ask to be paid by BIP72 payment request: its `DASH.DASH` URI is written as `uri` says, with
    /// `r=` naming GET `/payment-requests/{order id}` on the same server, which serves a BIP70 request of
    /// `kind` (nil: plain BIP21 URIs, as before).
    package func setCTXPaymentRequests(_ kind: FakePaymentRequest?, uri: FakePaymentRequestURI = .addressAndAmount) {
        state.withLock { $0.paymentRequest = kind.map { ($0, uri) } }
    }

    /// Answers GET `merchants/{id}` with `json` (before the book is enabled too).
    package func setCTXMerchant(_ id: String, json: String) { state.withLock { $0.ctxMerchants[id.lowercased()] = json } }

    /// Answers GET `giftcards/US?brandId=` for `brandId` with `json` (before the book is enabled too).
    package func setGiftCards(brandId: String, json: String) { state.withLock { $0.giftCards[brandId] = json } }

    /// Edits every create answer (CTX `gift-cards`, PiggyCards `orders`) before it is sent; nil: as built.
    /// The order is taken whatever the edit: the answer is what is changed, as a provider that answers
    /// wrongly (or an attacker on the way) would.
    package func setCreateAnswerEdit(_ edit: AnswerEdit?) { state.withLock { $0.createEdit = edit } }

    /// Edits every status answer (CTX `gift-cards/{id}` and `gift-cards?txid=`, PiggyCards `orders/{id}`)
    /// before it is sent; nil: as built.
    package func setStatusAnswerEdit(_ edit: StatusEdit?) { state.withLock { $0.statusEdit = edit } }

    /// Makes every PiggyCards status answer say `word` in `data.status` (nil: the word of the order's
    /// progression, `Payment pending`, `Paid`, `Complete` or `Cancelled`): a word one wallet reads and the
    /// other does not, or one neither knows.
    package func setPiggyCardsStatusWord(_ word: String?) {
        state.withLock { $0.piggyCardsWord = word }
    }

    /// How many of an order's cards each PiggyCards status answer lists, one count per status call (the last
    /// repeats), whatever the status: a delivery in parts. Nil: every card once the order is fulfilled, none
    /// before.
    package func setPiggyCardsDeliveredCounts(_ counts: [Int]?) {
        state.withLock { $0.deliveredCounts = counts?.isEmpty == true ? nil : counts }
    }

    /// The number of the `index`-th card (from 0) of an order: ``cardNumber`` for the first, another for each
    /// card after it.
    package static func cardNumber(_ index: Int) -> String {
        guard index > 0 else { return cardNumber }
        return String(cardNumber.dropLast(2)) + (index < 10 ? "0\(index)" : "\(index % 100)")
    }

    /// Makes PiggyCards' status answers spell `deliveryTime` and each card's `barcodeLink` as the Android
    /// wallet reads them (`delivery_time`, `barcodelink`) instead of as iOS does.
    package func setPiggyCardsAndroidSpellings(_ on: Bool) {
        state.withLock { $0.androidSpellings = on }
    }

    /// Says that `transactionId` paid order `id` (CTX finds it by `gift-cards?txid=`).
    package func markPaid(_ id: String, transactionId: String) {
        state.withLock { state in
            if let index = state.entries.firstIndex(where: { $0.id == id }) { state.entries[index].transactionId = transactionId }
        }
    }

    /// The orders taken, oldest first.
    package var entries: [Entry] { state.withLock { $0.entries } }

    /// How many orders `provider` took.
    package func createdCount(_ provider: GiftCardProvider) -> Int {
        state.withLock { $0.entries.filter { $0.provider == provider.rawValue }.count }
    }

    /// The create bodies `provider` received (accepted or not), in order.
    package func createBodies(_ provider: GiftCardProvider) -> [JSONValue] {
        state.withLock { $0.bodies[provider.rawValue] ?? [] }
    }

    // MARK: - Answers (for MockProviderServer)

    func ctxMerchant(_ id: String) -> LoopbackResponse? {
        state.withLock { $0.ctxMerchants[id.lowercased()] }.map { .json($0) }
    }

    /// The catalogue answers tests set with ``setGiftCards(brandId:json:)``.
    var giftCardOverrides: [String] { state.withLock { Array($0.giftCards.values) } }

    func giftCards(brandId: String) -> LoopbackResponse? {
        state.withLock { $0.giftCards[brandId] }.map { .json($0) }
    }

    /// POST `gift-cards`: `fiatAmount` must be digits, `.`, two digits. `discountBasisPoints` is the
    /// merchant's discount as the server answers it, for the price; `merchantName` its name there.
    ///
    /// `paymentRequestBase` is where the server serves payment requests (`http://127.0.0.1:PORT/payment-requests/`).
    func ctxPurchase(
        _ body: JSONValue?, discountBasisPoints: Int, merchantName: String?, paymentRequestBase: String
    ) -> LoopbackResponse {
        state.withLock { $0.bodies["ctx", default: []].append(body ?? .null) }
        let amount = body?["fiatAmount"]?.string ?? ""
        guard Self.isCents(amount), let merchant = body?["merchantId"]?.nonBlankString,
            body?["cryptoCurrency"]?.string == "DASH", body?["fiatCurrency"]?.nonBlankString != nil
        else {
            return .json(#"{"errors":[{"message":"invalid purchase"}],"fields":{"fiatAmount":["invalid"]}}"#, status: 422)
        }
        let value = Decimal(plainText: amount) ?? 0
        let number = state.withLock { $0.entries.count + 1 }
        let uri = paymentRequestURI(value, location: "\(paymentRequestBase)ctx-order-\(number)") ?? Self.paymentURI(value)
        let entry = add(
            "ctx", amountText: amount, product: merchant, paymentURI: uri,
            price: Self.price(value, discountBasisPoints: discountBasisPoints),
            merchantName: merchantName ?? "Merchant \(merchant)")
        if let kind = state.withLock({ $0.paymentRequest?.kind }), kind == .signed || kind == .badSignature,
            let signed = ctxPaymentRequest(id: entry.id)
        {
            state.withLock { $0.signedRequests[entry.id] = (kind, signed) }
        }
        return .json(edited(entry, ctxJSON(entry, status: .unpaid)))
    }

    /// GET `gift-cards/{id}`: nil when the book does not have it.
    func ctxStatus(id: String) -> LoopbackResponse? {
        guard let (entry, status, call) = advance("ctx", id: id) else { return nil }
        return .json(edited(entry, call: call, ctxJSON(entry, status: status)))
    }

    /// GET `gift-cards?txid=`: nil when no order was paid by it.
    func ctxStatus(transactionId: String) -> LoopbackResponse? {
        let id = state.withLock { $0.entries.first { $0.provider == "ctx" && $0.transactionId == transactionId }?.id }
        return id.flatMap { ctxStatus(id: $0) }
    }

    /// POST `orders` (already checked by the server). `discountPercentage` gives each ordered card's,
    /// `rate` PiggyCards' published USD price of one DASH: the order asks the discounted price of every line
    /// (each card at its own discount, times its quantity) at that rate, in one payment.
    func piggyCardsOrder(
        _ body: JSONValue?, discountPercentage: (String) -> Decimal, rate: Decimal
    ) -> LoopbackResponse {
        let lines = body?["orders"]?.array ?? []
        var price = Decimal(0)
        var products: [String] = []
        for line in lines {
            let amount = line["denomination"]?.decimal ?? 0
            let quantity = max(1, line["quantity"]?.int ?? 1)
            let product = line["productId"]?.nonBlankString ?? ""
            price += Self.piggyCardsPrice(amount, discountPercentage: discountPercentage(product)) * Decimal(quantity)
            products += Array(repeating: product, count: quantity)
        }
        let dash = (price / rate).plainText(fractionDigits: 8)
        var entry = add(
            "piggycards", amountText: "\(lines.first?["denomination"]?.decimal ?? 0)",
            product: lines.first?["productId"]?.nonBlankString ?? "", paymentURI: "dash:\(Self.dashAddress)?amount=\(dash)",
            price: price)
        entry.cardProducts = products
        let recorded = entry
        state.withLock { state in
            if let index = state.entries.firstIndex(where: { $0.id == recorded.id }) { state.entries[index] = recorded }
        }
        return .json(
            edited(
                entry,
                .object([
                    "id": .string(entry.id), "payTo": .string(entry.paymentURI),
                    "payMessage": .string("Send exactly \(dash) DASH within 15 minutes"),
                ])))
    }

    /// Records a PiggyCards create body (accepted or not).
    func recordPiggyCardsBody(_ body: JSONValue?) {
        state.withLock { $0.bodies["piggycards", default: []].append(body ?? .null) }
    }

    /// GET `orders/{id}`: nil when the book does not have it.
    func piggyCardsStatus(id: String) -> LoopbackResponse? {
        guard let (entry, status, call) = advance("piggycards", id: id) else { return nil }
        var word: String
        switch status {
        case .paid: word = "Paid"
        case .fulfilled: word = "Complete"
        case .rejected: word = "Cancelled"
        default: word = "Payment pending"
        }
        let (other, android, counts) = state.withLock { ($0.piggyCardsWord, $0.androidSpellings, $0.deliveredCounts) }
        if let other { word = other }
        let barcodeKey = android ? "barcodelink" : "barcodeLink"
        let products = entry.cardProducts.isEmpty ? [entry.product] : entry.cardProducts
        let listed =
            counts.map { min($0[min(call, $0.count - 1)], products.count) } ?? (status == .fulfilled ? products.count : 0)
        let cards: [JSONValue] = products.prefix(listed).enumerated().map { index, product in
            // The first card as a one-card order always had it; each card after it with its own number and links.
            let suffix = index == 0 ? "" : "-\(index + 1)"
            return .object([
                "name": .string("Card \(product)"), "claimCode": .string(Self.cardNumber(index)),
                "claimPin": .string(Self.cardPin), barcodeKey: .string("https://piggy.example/barcode/\(entry.id)\(suffix).png"),
                "cardStatus": .string("active"), "claimLink": .string("https://piggy.example/claim/\(entry.id)\(suffix)"),
            ])
        }
        return .json(
            edited(
                entry, call: call,
                .object([
                    "code": .number(200), "message": .string("success"),
                    "data": .object([
                        "orderId": .string(entry.id), "payTo": .string(entry.paymentURI),
                        android ? "delivery_time" : "deliveryTime": .string("Instant"), "status": .string(word),
                        "cards": .array(cards),
                    ]),
                ])))
    }

    /// The `DASH.DASH` URI of a payment request at `location` for a card of `amount` USD, when the book
    /// serves payment requests.
    private func paymentRequestURI(_ amount: Decimal, location: String) -> String? {
        guard let (kind, form) = state.withLock({ $0.paymentRequest }) else { return nil }
        let dash = Self.requestDash(amount, kind: kind, inURI: true)
        let escaped = location.replacingEvery(":", with: "%3A").replacingEvery("/", with: "%2F")
        switch form {
        case .addressAndAmount: return "dash:\(Self.dashAddress)?amount=\(dash)&r=\(escaped)"
        case .requestOnly: return "dash:?r=\(location)"
        case .payScheme: return "pay:?r=\(escaped)"
        }
    }

    /// The Dash a payment request of `kind` asks for a card of `amount` USD (`inURI`: what its URI says).
    private static func requestDash(_ amount: Decimal, kind: FakePaymentRequest, inURI: Bool) -> String {
        let dash = Decimal(plainText: Self.dash(amount)) ?? 0
        switch kind {
        case .overpriced: return (dash * 11 / 10).plainText(fractionDigits: 8)
        case .otherAmount where !inURI: return (dash * 11 / 10).plainText(fractionDigits: 8)
        default: return dash.plainText(fractionDigits: 8)
        }
    }

    /// GET `/payment-requests/{id}`: the BIP70 request of CTX order `id`, as the book's kind says; nil when
    /// the book has no such order.
    func ctxPaymentRequest(id: String, now: Date = Date()) -> LoopbackResponse? {
        guard let entry = state.withLock({ $0.entries.first { $0.provider == "ctx" && $0.id == id } }),
            let (kind, _) = state.withLock({ $0.paymentRequest })
        else { return nil }
        if let signed = state.withLock({ $0.signedRequests[id] }), signed.kind == kind { return signed.response }
        let media = ["Content-Type": PaymentRequestFetcher.mediaType]
        let amount = Decimal(plainText: entry.amountText) ?? 0
        let time = UInt64(now.timeIntervalSince1970)
        var request = PaymentRequestEncoder()
        request.time = kind == .expired ? time - 7_200 : time
        request.expires = kind == .expired ? time - 3_600 : time + 900
        request.memo = "Payment for CTX order \(entry.id)"
        request.paymentURL = "https://ctx.example/bip70/pay/\(entry.id)"
        request.merchantData = Array(entry.id.utf8)
        let dash = Decimal(plainText: Self.requestDash(amount, kind: kind, inURI: false)) ?? 0
        switch kind {
        case .wrongNetwork:
            request.network = "test"
            request.pay(dash, to: "yNo5ntyA7ZmMX124EQHgD1oV4P1ZhTr8uz", network: .testnet)
        case .otherAddress:
            request.pay(dash, to: "7UtHhS1S5CJi7FjKCNzA5U3w1q4bZHrqY7")
        default:
            request.pay(dash, to: Self.dashAddress)
        }
        switch kind {
        case .signed, .badSignature:
            do {
                let authority = try X509TestAuthority.made()
                request.pkiType = "x509+sha256"
                request.certificates = [authority.leaf, authority.intermediate]
                request.signature = []
                var signature = try authority.sign([request.bytes])[0]
                if kind == .badSignature { signature[signature.count / 2] ^= 0x01 }
                request.signature = signature
            } catch {
                return LoopbackResponse(status: 500, headers: [:], body: Data("no signed request: \(error)".utf8))
            }
        case .oversized:
            request.merchantData = [UInt8](repeating: 0x41, count: DashPaymentRequest.maximumBytes)
        case .notProtobuf:
            return LoopbackResponse(status: 200, headers: media, body: Data(#"{"error":"not a request"}"#.utf8))
        case .missing:
            return .notFound
        default: break
        }
        return LoopbackResponse(status: 200, headers: media, body: Data(request.bytes))
    }

    // MARK: - Helpers

    private func add(
        _ provider: String, amountText: String, product: String, paymentURI: String, price: Decimal,
        merchantName: String = ""
    ) -> Entry {
        state.withLock { state in
            let number = state.entries.count + 1
            let id = provider == "ctx" ? "ctx-order-\(number)" : "pc-book-\(number)"
            var entry = Entry(provider: provider, id: id, amountText: amountText, product: product)
            entry.paymentURI = paymentURI
            entry.price = price
            entry.merchantName = merchantName
            state.entries.append(entry)
            return entry
        }
    }

    /// The entry, the status of this call and the call's number (from 0).
    private func advance(_ provider: String, id: String) -> (Entry, OrderStatus, Int)? {
        state.withLock { state in
            guard state.enabled, let index = state.entries.firstIndex(where: { $0.provider == provider && $0.id == id })
            else { return nil }
            let call = state.entries[index].statusCalls
            let step = min(call, state.progression.count - 1)
            state.entries[index].statusCalls += 1
            return (state.entries[index], state.progression[step], call)
        }
    }

    /// A create answer after the test's edit.
    private func edited(_ entry: Entry, _ answer: JSONValue) -> JSONValue {
        state.withLock { $0.createEdit }.map { $0(entry, answer) } ?? answer
    }

    /// A status answer after the test's edit.
    private func edited(_ entry: Entry, call: Int, _ answer: JSONValue) -> JSONValue {
        state.withLock { $0.statusEdit }.map { $0(entry, call, answer) } ?? answer
    }

    private func ctxJSON(_ entry: Entry, status: OrderStatus) -> JSONValue {
        let amount = Decimal(plainText: entry.amountText) ?? 0
        let urls =
            state.withLock { $0.dashURLs }
            ?? [
                "BTC.BTC": "bitcoin:bc1qexampleexampleexample?amount=0.0005",
                "DASH.DASH": entry.paymentURI,
                "LTC.LTC": "litecoin:ltc1qexampleexample?amount=0.3",
            ]
        let dash = Decimal(plainText: Self.dash(amount)) ?? 1
        var object: [String: JSONValue] = [
            "id": .string(entry.id), "status": .string(status.rawValue), "paymentId": .string("pay-\(entry.id)"),
            "cardFiatAmount": .string(entry.amountText), "cardFiatCurrency": .string("USD"),
            "merchantName": .string(entry.merchantName), "paymentCryptoAmount": .string(Self.dash(amount)),
            "paymentCryptoCurrency": .string("DASH"), "paymentUrls": .object(urls.mapValues { .string($0) }),
            "paymentFiatAmount": .string(entry.price.plainText(fractionDigits: 2)), "paymentFiatCurrency": .string("USD"),
            "rate": .string((entry.price / dash).plainText(fractionDigits: 4)),
            "created": .string("2026-11-23T12:00:00Z"),
        ]
        if status == .fulfilled {
            object["number"] = .string(Self.cardNumber)
            object["pin"] = .string(Self.cardPin)
            object["barcodeUrl"] = .string("https://ctx.example/barcodes/\(entry.id).png")
            object["redeemUrl"] = .string("https://ctx.example/redeem/\(entry.id)")
        }
        return .object(object)
    }

    /// The Dash for `amount` USD, to 8 decimals.
    package static func dash(_ amount: Decimal) -> String { (amount / dashPrice).plainText(fractionDigits: 8) }

    /// The `dash:` URI the book asks to be paid for a CTX card of `amount` USD.
    package static func paymentURI(_ amount: Decimal) -> String { "dash:\(dashAddress)?amount=\(dash(amount))" }

    /// `amount` less `discountBasisPoints`, to the cent (as a quote prices it).
    package static func price(_ amount: Decimal, discountBasisPoints: Int) -> Decimal {
        let raw = amount * Decimal(10_000 - discountBasisPoints) / 10_000
        return Decimal(plainText: raw.plainText(fractionDigits: 2)) ?? raw
    }

    /// What PiggyCards charges for a card of `amount` whose `discount_percentage` is `discountPercentage`:
    /// the discount less its 1.5 % service fee, as the offer shows it.
    static func piggyCardsPrice(_ amount: Decimal, discountPercentage: Decimal) -> Decimal {
        let basisPoints = ((discountPercentage * 100).roundedInteger ?? 0) - 150
        return price(amount, discountBasisPoints: basisPoints)
    }

    private static func isCents(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].count == 2
            && parts.allSatisfy { $0.utf8.allSatisfy { (48...57).contains($0) } }
    }
}
