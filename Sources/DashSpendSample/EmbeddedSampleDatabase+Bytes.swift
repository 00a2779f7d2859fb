#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension EmbeddedSampleDatabase {
    /// The sample database file's bytes (an SQLite v4 explore database written by this project).
    public static var bytes: Data {
        guard let data = Data(base64Encoded: base64), data.count == byteCount else {
            preconditionFailure("the embedded sample database is damaged; rebuild the package")
        }
        return data
    }
}
