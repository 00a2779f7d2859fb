/// Where an option belongs, for help and completions: every command's, the fetch policy of the commands that
/// resolve merchants, or one command's own.
enum OptionGroup: String, Sendable, CaseIterable {
    /// Accepted by every command, before or after the command words.
    case global
    /// When providers are asked (`show`, `search`).
    case fetchPolicy
    /// The command's own.
    case command
}
