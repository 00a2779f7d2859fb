import DashSpendCore

extension DashSpendConfiguration {
    /// Refuses, creating and changing nothing, a state directory in which this network's private files cannot
    /// be kept: one whose path runs through a file (nothing can ever be created there), or one that is not
    /// safe for private files (someone else's, writable by group or others like `/tmp`, or a network folder
    /// that is a symbolic link). Every operation that writes there calls it before it writes or sends
    /// anything, so each says the same: ``DashSpendFailure/Kind/cannotWrite``, ``DashSpendFailure/Cause/stateDirectory``.
    package func checkStateDirectory() throws(DashSpendFailure) {
        do {
            try PrivateDirectory.checkStateFolder(networkDirectory)
        } catch  where error.isUnsafe {
            throw DashSpendFailure(unsafeStateDirectory: error)
        } catch {
            let message =
                error.path == stateDirectory
                ? "the state directory \(stateDirectory) is not a folder"
                : "cannot use the state directory \(stateDirectory): \(error.path) is not a folder"
            throw DashSpendFailure(.cannotWrite, message, cause: .stateDirectory, subject: stateDirectory)
        }
    }
}

extension DashSpendFailure {
    /// The one failure for a state directory that is not safe for private files, whichever operation found
    /// it: ``Kind/cannotWrite`` (nothing may be kept there), ``Cause/stateDirectoryWritableByOthers`` when
    /// making it private is the fix, else ``Cause/stateDirectory``, the folder as subject.
    init(unsafeStateDirectory error: PrivateDirectory.Failure) {
        self.init(
            .cannotWrite, "the state directory \(error)",
            cause: error.isWritableByOthers ? .stateDirectoryWritableByOthers : .stateDirectory, subject: error.path)
    }
}
