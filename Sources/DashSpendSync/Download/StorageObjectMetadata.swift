import DashSpendCore

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// What the storage REST interface says about an object (`GET BASE/v0/b/BUCKET/o/OBJECT`): its size (a
/// string of digits), generation, update time, MD5, and the custom metadata the explore generator sets,
/// `Data-Timestamp` (epoch milliseconds) and `Data-Checksum` (the CRC-32C the ZIP comment states).
package struct StorageObjectMetadata: Sendable, Hashable {
    /// The object's size in bytes.
    package let size: Int
    /// The object's generation (changes whenever the object is replaced), if stated.
    package let generation: String?
    /// When the object was last updated (RFC 3339), if stated.
    package let updated: String?
    /// The base64 MD5 of the object, if stated.
    package let md5Hash: String?
    /// `metadata.Data-Timestamp`: when the data was produced, in milliseconds since 1970.
    package let dataTimestamp: Int64?
    /// `metadata.Data-Checksum`, as written.
    package let dataChecksum: String?

    /// Creates metadata.
    package init(
        size: Int, generation: String? = nil, updated: String? = nil, md5Hash: String? = nil,
        dataTimestamp: Int64? = nil, dataChecksum: String? = nil
    ) {
        self.size = size
        self.generation = generation
        self.updated = updated
        self.md5Hash = md5Hash
        self.dataTimestamp = dataTimestamp
        self.dataChecksum = dataChecksum
    }

    /// Reads the JSON the REST interface returns; nil when it is not JSON or has no usable `size`. A
    /// `Data-Timestamp` that is not a whole number of milliseconds reads as missing.
    package init?(json data: Data) {
        // Metadata that is not JSON is none (nil), and the caller refuses the download saying so.
        guard let json = try? JSONValue.parse(data), json.object != nil,
            let sizeText = json["size"]?.string, sizeText.count <= 18, sizeText.allSatisfy(\.isASCII),
            let size = Int(sizeText), size >= 0
        else { return nil }
        self.size = size
        generation = json["generation"]?.nonBlankString
        updated = json["updated"]?.nonBlankString
        md5Hash = json["md5Hash"]?.nonBlankString
        let custom = json["metadata"]
        dataTimestamp = custom?["Data-Timestamp"]?.string.flatMap { text in
            text.count <= 18 && text.allSatisfy(\.isASCII) ? Int64(text) : nil
        }
        dataChecksum = custom?["Data-Checksum"]?.nonBlankString
    }
}
