#if PIGGYCARDS_ENABLED
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DashSpendCore

/// One brand of GET `brands/{country}`: `{"id": "177", "name": "Amazon"}`. The id is the provider
/// `sourceId` of PiggyCards rows in the explore database.
package struct PiggyCardsBrand: Sendable, Hashable {
    /// The brand id (numbers are read as their decimal text).
    package let id: String
    /// The brand's name.
    package let name: String?

    /// Creates a brand.
    package init(id: String, name: String?) {
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
