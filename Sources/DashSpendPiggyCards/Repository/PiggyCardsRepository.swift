#if PIGGYCARDS_ENABLED
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
package import DashSpendCore

/// The PiggyCards account and catalogue.
///
/// Sign-in is two steps: ``login(email:)`` (POST `signup`, which e-mails a one-time code and returns a
/// user id) and ``verify(code:)`` (POST `verify-otp` for a generated password, then POST `login` for a
/// bearer token). The token is renewed with the stored password when it has expired or has less than five
/// minutes left (single-flight). Errors are ``DashSpendError`` values, or ``CredentialStoreError`` when the
/// credentials file cannot be read.
package final class PiggyCardsRepository: DashSpendRepository {
    /// The country whose catalogue is read.
    package static let country = "US"

    /// Always ``GiftCardProvider/piggyCards``.
    package let provider: GiftCardProvider = .piggyCards
    let configuration: RepositoryConfiguration
    let client: PiggyCardsClient
    let session: PiggyCardsSession

    /// Creates a repository; nothing is sent until a method is called.
    package init(configuration: RepositoryConfiguration) {
        self.configuration = configuration
        client = PiggyCardsClient(configuration: configuration)
        session = PiggyCardsSession(client: client)
    }

    // MARK: - Account

    /// Whether a user id and password are stored for this network (so a token can always be renewed). A
    /// credentials file that cannot be read counts as signed in, never as signed out: the request that reads
    /// it next fails saying the file is damaged (``CredentialStoreError``).
    package func isSignedIn() async -> Bool {
        let stored: ProviderCredentials?
        do {
            stored = try loadCredentials()
        } catch {
            return true
        }
        guard let credentials = stored else { return false }
        return credentials.userId != nil && !(credentials.password ?? "").isEmpty
    }

    /// The stored e-mail address.
    package func email() async -> String? {
        // Only a name to show: every caller (Accounts) checks the credentials file first and says a damaged one.
        ((try? loadCredentials()) ?? nil)?.email
    }

    /// POST `signup`: PiggyCards e-mails a one-time code; stores the e-mail and the returned user id
    /// (replacing any previous sign-in on this network).
    package func login(email: String) async throws {
        let address = try EmailAddress.validated(email)
        let body = JSONValue.object([
            "firstName": .string(""), "lastName": .string(""), "email": .string(address),
            "country": .string(Self.country), "state": .string("CA"),
        ])
        let json = try PiggyCardsClient.json(
            from: try await client.send(client.request("POST", ["signup"], body: body)), call: .signup)
        guard let userId = json["userId"]?.nonBlankString else {
            throw DashSpendError.unreadableAnswer("PiggyCards signed up without a user id")
        }
        try configuration.credentials.save(
            ProviderCredentials(email: address, userId: userId), for: .piggyCards, network: configuration.network)
    }

    /// POST `verify-otp` for the generated password, then POST `login`; stores password and token.
    ///
    /// The e-mail, user id and password are stored as soon as `verify-otp` answers, before `login`: the code
    /// is single-use, so a failed login must not lose the sign-up (the next call logs in with them).
    package func verify(code: String) async throws {
        guard let stored = try loadCredentials(), let address = stored.email, let userId = stored.userId else {
            throw DashSpendError.signInRequired(.piggyCards)
        }
        let body = JSONValue.object(["email": .string(address), "otp": .string(code.trimmedWhitespace)])
        let json = try PiggyCardsClient.json(
            from: try await client.send(client.request("POST", ["verify-otp"], body: body)), call: .verifyOTP)
        guard let password = json["generatedPassword"]?.nonBlankString else {
            throw DashSpendError.unreadableAnswer("PiggyCards verified the code but sent no password; sign in again")
        }
        var credentials = ProviderCredentials(email: address, userId: userId, password: password)
        try configuration.credentials.save(credentials, for: .piggyCards, network: configuration.network)
        let (token, expiresAt) = try await client.logIn(userId: userId, password: password, call: .login)
        credentials.accessToken = token
        credentials.accessTokenExpiresAt = expiresAt
        try configuration.credentials.save(credentials, for: .piggyCards, network: configuration.network)
    }

    /// Forgets the stored credentials for this network.
    package func logout() async throws {
        try configuration.credentials.delete(.piggyCards, network: configuration.network)
    }

    // MARK: - Catalogue

    /// GET `giftcards/US?brandId=<sourceId>` and turns the brand's cards into one offer
    /// (see the resolution rules). A brand without cards is a disabled offer, not an error. A card that names
    /// no brand belongs to the brand asked for (so brand 174's Xbox Live cards are disabled either way). A
    /// blank `sourceId` is ``DashSpendError/unknownMerchant(_:)`` before anything is sent.
    package func merchantDetails(sourceId: String) async throws -> ProviderMerchantDetails {
        let brandId = sourceId.trimmedWhitespace
        let (cards, raw) = try await giftCards(brandId: brandId)
        let name = cards.first(where: { !$0.isDisabled && !$0.name.isEmpty })?.name
        return PiggyCardsOffer(cards: cards).details(brandId: brandId, name: name, fetchedAt: configuration.now())
            .withRaw(raw)
    }

    /// GET `giftcards/US?brandId=<brandId>`: the brand's cards, each filed under the brand when it names
    /// none, and their own fields as received. A blank id is ``DashSpendError/unknownMerchant(_:)`` before
    /// anything is sent.
    func giftCards(brandId: String) async throws -> (cards: [PiggyCardsGiftcard], raw: JSONValue) {
        guard !brandId.isEmpty else { throw DashSpendError.unknownMerchant("") }
        let response = try await authorized { [client] token in
            client.request("GET", ["giftcards", Self.country], query: [("brandId", brandId)], bearer: token)
        }
        let elements = try Self.cardElements(of: try PiggyCardsClient.json(from: response, call: .giftCards(brandId: brandId)))
        let cards = elements.compactMap(PiggyCardsGiftcard.init(json:)).map { $0.inBrand(Int(brandId)) }
        if !elements.isEmpty && cards.isEmpty {
            throw DashSpendError.unreadableAnswer("PiggyCards sent gift cards none of which could be read")
        }
        // The cards' own fields, as received, are kept beside the stored answer.
        let raw = JSONValue.object(["data": .array(elements.compactMap { $0.picking(PiggyCardsGiftcard.rawKeys) })])
        return (cards, raw)
    }

    /// The `data` elements of a gift-card answer (`{"code":200,"data":[...]}`); `"data": null` is a brand
    /// without cards. Anything else is ``DashSpendError/unreadableAnswer(_:)``, so a malformed answer that
    /// came back as HTTP 200 is a failure (which keeps the stored answer), never a plausible "no cards".
    static func cardElements(of json: JSONValue) throws -> [JSONValue] {
        guard let members = json.object else {
            throw DashSpendError.unreadableAnswer("PiggyCards sent gift cards that are not an object")
        }
        if let code = members["code"], code != .null, code.int != 200 {
            throw DashSpendError.unreadableAnswer(
                "PiggyCards answered the gift cards with code \(code.int.map(String.init) ?? code.string ?? "?")")
        }
        switch members["data"] {
        case .array(let elements): return elements
        case .null: return []
        case nil: throw DashSpendError.unreadableAnswer("PiggyCards sent gift cards without data")
        default: throw DashSpendError.unreadableAnswer("PiggyCards sent gift-card data that is not a list")
        }
    }

    // MARK: - Bearer calls

    /// Sends the bearer request built by `make` with a valid token; on a 401 logs in again once (unless
    /// another caller already did) and retries once. Returns the final response, whatever its status. With
    /// `creating` (the create request), a log-in that fails is thrown as ``OrderNotSent``: nothing was created.
    func authorized(creating: Bool = false, _ make: @Sendable (String) -> HTTPRequest) async throws -> HTTPResponse {
        func token(rejected: String?) async throws -> String {
            do {
                return try await session.validToken(rejected: rejected)
            } catch {
                throw creating ? OrderNotSent(error) : error
            }
        }
        var current = try await token(rejected: nil)
        var response = try await client.send(make(current))
        if response.status == 401 {
            current = try await token(rejected: current)
            response = try await client.send(make(current))
        }
        return response
    }

    private func loadCredentials() throws -> ProviderCredentials? {
        try configuration.credentials.load(.piggyCards, network: configuration.network)
    }
}
#endif
