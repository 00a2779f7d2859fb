/// A state database that could not be used and was moved aside, a fresh one taking its place.
public struct StateDatabaseRecovery: Sendable, Hashable, CustomStringConvertible {
    /// The state database's path.
    public let path: String
    /// Where the unusable file is now.
    public let movedTo: String
    /// What was wrong with it.
    public let reason: String

    /// One line for the user.
    public var description: String {
        "the state database \(path) could not be used (\(reason)); it was moved to \(movedTo) and a new one started"
    }
}
