/// What a run of the tool reads and writes besides its arguments and environment: standard input, output and
/// error, each with whether it is a terminal. The executable passes its own (``process``); a test running the
/// tool in process passes streams it captures, so a run sees nothing of the process it runs in.
public struct StandardStreams: Sendable {
    /// Standard input.
    public var input: StandardInput
    /// Standard output.
    public var output: StandardOutput
    /// Standard error.
    public var error: StandardError

    /// The three streams.
    public init(input: StandardInput, output: StandardOutput, error: StandardError) {
        self.input = input
        self.output = output
        self.error = error
    }

    /// The process's file descriptors 0, 1 and 2.
    public static var process: StandardStreams {
        StandardStreams(input: .process, output: .process, error: .process)
    }
}
