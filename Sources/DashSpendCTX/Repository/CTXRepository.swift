package import DashSpendCore

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// The CTX account and catalogue: e-mail sign-in, merchant details, purchases.
///
/// Bearer calls refresh the access token once on a 401 (single-flight across concurrent callers) and retry
/// once; they refresh proactively when the refresh token is older than 90 days. Errors are
/// ``DashSpendError`` values, or ``CredentialStoreError`` when the credentials file cannot be read.
package final class CTXRepository: DashSpendRepository {
    /// How old a refresh token may get before it is refreshed proactively: 90 days.
    static let refreshTokenMaxAge: TimeInterval = 90 * 24 * 60 * 60

    /// Always ``GiftCardProvider/ctx``.
    package let provider: GiftCardProvider = .ctx
    let configuration: RepositoryConfiguration
    private let client: CTXClient
    private let session: CTXSession

    /// Creates a repository; nothing is sent until a method is called.
    package init(configuration: RepositoryConfiguration) {
        self.configuration = configuration
        client = CTXClient(configuration: configuration)
        session = CTXSession(client: client)
    }

    // MARK: - Account

    /// Whether an access token is stored for this network. A credentials file that cannot be read counts as
    /// signed in, never as signed out: the request that reads it next fails saying the file is damaged
    /// (``CredentialStoreError``), where "signed out" would ask the user to sign in over it.
    package func isSignedIn() async -> Bool {
        do {
            return try loadCredentials()?.isSignedIn ?? false
        } catch {
            return true
        }
    }

    /// The stored e-mail address.
    package func email() async -> String? {
        // Only a name to show: every caller (Accounts) checks the credentials file first and says a damaged one.
        ((try? loadCredentials()) ?? nil)?.email
    }

    /// POST `login`: CTX e-mails a code to `email` (this is also how an account is created). The address
    /// is remembered for ``verify(code:)``; stored tokens stay until a verification replaces them.
    package func login(email: String) async throws {
        let address = try EmailAddress.validated(email)
        let request = client.request("POST", ["login"], body: .object(["email": .string(address)]))
        let response = try await client.send(request)
        guard response.isSuccess else { throw CTXErrorMapper.error(for: response, call: .login) }
        var credentials = try loadCredentials() ?? ProviderCredentials()
        if credentials.email != address {
            credentials = ProviderCredentials(email: address)
        }
        try configuration.credentials.save(credentials, for: .ctx, network: configuration.network)
    }

    /// POST `verify-email` with the stored e-mail and `code`; stores both tokens. A blank token in the
    /// answer stores nothing and throws ``DashSpendError/unreadableAnswer(_:)``.
    package func verify(code: String) async throws {
        guard let address = try loadCredentials()?.email else { throw DashSpendError.signInRequired(.ctx) }
        let request = client.request(
            "POST", ["verify-email"],
            body: .object(["email": .string(address), "code": .string(code.trimmedWhitespace)]))
        let json = try await client.sendJSON(request, call: .verifyEmail)
        guard let accessToken = json["accessToken"]?.nonBlankString,
            let refreshToken = json["refreshToken"]?.nonBlankString
        else {
            throw DashSpendError.unreadableAnswer("CTX verified the code but sent no tokens; sign in again")
        }
        let credentials = ProviderCredentials(
            email: address, accessToken: accessToken, refreshToken: refreshToken,
            refreshTokenIssuedAt: configuration.now())
        try configuration.credentials.save(credentials, for: .ctx, network: configuration.network)
    }

    /// Forgets the stored credentials for this network.
    package func logout() async throws {
        try configuration.credentials.delete(.ctx, network: configuration.network)
    }

    // MARK: - Catalogue

    /// GET `merchants/{sourceId}` and maps the answer. Requires a sign-in. A blank `sourceId` is
    /// ``DashSpendError/unknownMerchant(_:)`` before anything is sent.
    package func merchantDetails(sourceId: String) async throws -> ProviderMerchantDetails {
        let id = sourceId.trimmedWhitespace
        guard !id.isEmpty else { throw DashSpendError.unknownMerchant("") }
        let response = try await authorized { self.client.request("GET", ["merchants", id], bearer: $0) }
        let json = try CTXClient.json(from: response, call: .merchant(id: id))
        guard let merchant = CTXMerchantResponse(json: json) else {
            throw DashSpendError.unreadableAnswer("CTX sent a merchant without an id")
        }
        return merchant.details(fetchedAt: configuration.now())
    }

    // MARK: - Purchases

    /// POST `gift-cards`: orders a card of `fiatAmount` (sent with exactly two decimals) for the merchant
    /// CTX calls `merchantId`. An amount with more than two decimals, or not above zero, is
    /// ``DashSpendError/invalidAmount(_:)`` before anything is sent: it is never rounded into another price.
    package func purchase(merchantId: String, fiatAmount: Decimal, fiatCurrency: String = "USD") async throws -> CTXGiftCard {
        do {
            return try await sendPurchase(merchantId: merchantId, fiatAmount: fiatAmount, fiatCurrency: fiatCurrency)
        } catch let unsent as OrderNotSent {
            throw unsent.error
        }
    }

    /// ``purchase(merchantId:fiatAmount:fiatCurrency:)``, a failure before the request could create anything
    /// (the token refresh) thrown as ``OrderNotSent``.
    func sendPurchase(merchantId: String, fiatAmount: Decimal, fiatCurrency: String) async throws -> CTXGiftCard {
        guard Decimal(plainText: Self.fiatAmountText(fiatAmount)) == fiatAmount else {
            throw DashSpendError.invalidAmount("the amount must have at most two decimals")
        }
        guard fiatAmount > 0 else { throw DashSpendError.invalidAmount("the amount must be positive") }
        let body = JSONValue.object([
            "cryptoCurrency": .string("DASH"),
            "fiatCurrency": .string(fiatCurrency),
            "fiatAmount": .string(Self.fiatAmountText(fiatAmount)),
            "merchantId": .string(merchantId),
        ])
        let response = try await authorized(creating: true) {
            self.client.request("POST", ["gift-cards"], body: body, bearer: $0)
        }
        return try Self.giftCard(from: response, call: .purchase)
    }

    /// GET `gift-cards/{orderId}`.
    package func giftCard(orderId: String) async throws -> CTXGiftCard {
        let response = try await authorized { self.client.request("GET", ["gift-cards", orderId], bearer: $0) }
        if response.status == 404 {
            // CTX does not know the order (any more): said apart, so that the order is not shown as payable.
            throw OrderNotKnown(CTXErrorMapper.error(for: response, call: .giftCard(reference: orderId)))
        }
        return try Self.giftCard(from: response, call: .giftCard(reference: orderId))
    }

    /// GET `gift-cards?txid=<base58 txid>`.
    package func giftCard(txid: String) async throws -> CTXGiftCard {
        let response = try await authorized {
            self.client.request("GET", ["gift-cards"], query: [("txid", txid)], bearer: $0)
        }
        return try Self.giftCard(from: response, call: .giftCard(reference: txid))
    }

    /// `fiatAmount` as CTX wants it: two decimals, `.` separator, no grouping, whatever the locale.
    static func fiatAmountText(_ amount: Decimal) -> String {
        amount.plainText(fractionDigits: 2)
    }

    private static func giftCard(from response: HTTPResponse, call: CTXCall) throws -> CTXGiftCard {
        let json = try CTXClient.json(from: response, call: call)
        try JSONDuplicateKeys.check(response.body, provider: .ctx)
        guard let card = CTXGiftCard(json: json) else {
            throw DashSpendError.unreadableAnswer("CTX sent a gift card without id, status or paymentId")
        }
        return card
    }

    // MARK: - Bearer calls

    /// Sends a bearer request built by `make`, refreshing the token proactively (old refresh token) or
    /// after a 401, then retrying once. Returns the final response, whatever its status. With `creating`
    /// (the create request), a refresh that fails is thrown as ``OrderNotSent``: nothing was created.
    private func authorized(creating: Bool = false, _ make: @Sendable (String) -> HTTPRequest) async throws
        -> HTTPResponse
    {
        guard let credentials = try loadCredentials(), let stored = credentials.accessToken, !stored.isEmpty else {
            throw DashSpendError.signInRequired(.ctx)
        }
        var token = stored
        if let issued = credentials.refreshTokenIssuedAt,
            configuration.now().timeIntervalSince(issued) > Self.refreshTokenMaxAge
        {
            do {
                token = try await session.token(replacing: stored)
            } catch let error as DashSpendError where error == .unauthorized(.ctx) {
                throw creating ? OrderNotSent(error) : error
            } catch is CancellationError {
                throw creating ? OrderNotSent(CancellationError()) : CancellationError()
            } catch {
                // A failed proactive refresh is not fatal: the current token may still be valid.
            }
        }
        let response = try await client.send(make(token))
        guard response.status == 401 else { return response }
        let fresh: String
        do {
            fresh = try await session.token(replacing: token)
        } catch {
            // The refused request created nothing, and the retry was never sent.
            throw creating ? OrderNotSent(error) : error
        }
        return try await client.send(make(fresh))
    }

    private func loadCredentials() throws -> ProviderCredentials? {
        try configuration.credentials.load(.ctx, network: configuration.network)
    }
}
