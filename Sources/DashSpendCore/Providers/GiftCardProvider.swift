/// A gift-card provider compiled into this build.
///
/// CTX is always present. PiggyCards exists only in builds compiled with the `PIGGYCARDS_ENABLED` trait or
/// `-Xswiftc -DPIGGYCARDS_ENABLED`; a build without it contains no PiggyCards code at all.
///
/// Everything that differs between providers lives as data in ``ProviderInfo``, so the rest of the code
/// iterates `allCases` and reads ``info`` instead of switching over providers.
public enum GiftCardProvider: String, CaseIterable, Sendable, Hashable, Codable, Comparable {
    /// CTX ("DashSpend" by CTX).
    case ctx
    #if PIGGYCARDS_ENABLED
    /// PiggyCards.
    case piggyCards = "piggycards"
    #endif

    /// The facts about this provider: names, URLs, contacts.
    public var info: ProviderInfo {
        switch self {
        case .ctx: return .ctx
        #if PIGGYCARDS_ENABLED
        case .piggyCards: return .piggyCards
        #endif
        }
    }
}

extension GiftCardProvider {
    /// The stable identifier used on the command line and in JSON (`ctx`, `piggycards`).
    public var id: String { rawValue }

    /// The human-readable name (`CTX`, `PiggyCards`).
    public var displayName: String { info.displayName }

    /// Looks a provider up by its command-line identifier, case-insensitively.
    public init?(id: String) {
        let wanted = id.lowercased()
        guard let match = Self.allCases.first(where: { $0.rawValue == wanted }) else { return nil }
        self = match
    }

    /// Looks a provider up by the name the explore database uses in `gift_card_providers.provider` and
    /// `merchant.source` (`CTX`, `PiggyCards`; the v3 spelling `CTXSpend` counts as CTX).
    public init?(databaseName: String) {
        let wanted = databaseName.trimmedWhitespace.lowercased()
        guard let match = Self.allCases.first(where: { $0.info.databaseNames.contains(wanted) }) else {
            return nil
        }
        self = match
    }

    /// The database names of every provider compiled into this build, lowercased.
    public static var compiledDatabaseNames: [String] { allCases.flatMap { $0.info.databaseNames } }

    /// Orders providers by declaration order, which is the apps' default provider order.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        let all = allCases
        return all.firstIndex(of: lhs)! < all.firstIndex(of: rhs)!
    }
}
