#if PIGGYCARDS_ENABLED
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DashSpendCore

/// One brand of GET `brands/{country}`: `{"id": "177", "name": "Amazon"}`. The id is the provider
/// `sourceId` of PiggyCards rows in the explore database.
public struct PiggyCardsBrand: Sendable, Hashable {
    /// The brand id (numbers are read as their decimal text).
    public let id: String
    /// The brand's name.
    public let name: String?

    /// Creates a brand.
    public init(id: String, name: String?) {
        self.id = id
        self.name = name
    }

    /// Reads a brand; nil without an id.
    init?(json: JSONValue) {
        guard let id = json["id"]?.nonBlankString else { return nil }
        self.id = id
        name = json["name"]?.nonBlankString
    }
}
#endif
