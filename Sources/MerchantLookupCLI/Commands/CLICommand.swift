import DashSpend

/// One `merchant-lookup` command.
protocol CLICommand {
    /// The command words, e.g. `["db", "info"]`.
    static var words: [String] { get }
    /// The synopsis shown in help.
    static var usage: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// The options this command accepts besides the global ones, declared once: parsing, validation and
    /// help all come from here.
    static var options: [OptionSpec] { get }
    /// The most operands it takes.
    static var maximumOperands: Int { get }

    /// How the client of an invocation with `arguments` opens the orders database: for writing only when
    /// the command keeps or changes orders, so every other command leaves the orders file as it was.
    static func ordersAccess(_ arguments: ParsedArguments) -> DashSpendConfiguration.OrdersAccess

    /// Runs the command and returns what to print on stdout.
    static func run(_ invocation: Invocation) async throws(CLIError) -> String
}

extension CLICommand {
    /// Only to read: the commands that do not keep or change orders.
    static func ordersAccess(_ arguments: ParsedArguments) -> DashSpendConfiguration.OrdersAccess { .readOnly }
}
