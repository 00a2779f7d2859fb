import DashSpend

/// `show ID_OR_NAME...` and `show --stdin`: many merchants resolved in one process, through the library's
/// batch lookup, each printed as soon as it is ready in the inputs' order, with the rendering of a single
/// `show`. Text: one block per merchant, blocks separated by a blank line, a failure as its error line in
/// place. `--json`: one JSON object per line (NDJSON), a failure as `{"input":...,"error":{...}}`.
/// Exit code: 0 when every merchant resolved, else the code of the first failure.
enum ShowBatch {
    /// What `show` was asked for.
    enum Inputs: Equatable {
        /// One merchant id or name: the single `show`, with its output and exit codes.
        case single(String)
        /// Several merchant ids or names on the command line.
        case arguments([String])
        /// One merchant id or name per line of standard input.
        case standardInput

        /// The inputs of `show`, from its `operands` and `--stdin`.
        init(_ invocation: Invocation, operands: [String]) throws(CLIError) {
            if invocation[ShowOptions.standardInput] {
                guard operands.isEmpty else {
                    throw .usage("show --stdin reads the merchants from standard input: give no MERCHANT_ID with it")
                }
                self = .standardInput
                return
            }
            guard !operands.isEmpty, !operands.contains(where: \.isEmpty) else {
                throw .usage("show needs a MERCHANT_ID or a name")
            }
            self = operands.count == 1 ? .single(operands[0]) : .arguments(operands)
        }
    }

    /// Resolves every input under `policy` and writes each result to the invocation's output as it comes.
    /// Returns nothing left to print; throws the first failure's exit code (already printed) or an error
    /// reading the inputs.
    static func run(
        _ inputs: Inputs, invocation: Invocation, client: DashSpendClient, policy: FetchPolicy, near: GeoPoint?
    ) async throws(CLIError) -> String {
        switch inputs {
        case .single(let operand):
            try await print(
                client.merchants(stream([operand]), policy: policy), invocation: invocation, client: client, near: near)
        case .arguments(let operands):
            try await print(
                client.merchants(stream(operands), policy: policy), invocation: invocation, client: client, near: near)
        case .standardInput:
            try await print(
                client.merchants(StandardInputLines(descriptor: invocation.streams.input.descriptor), policy: policy),
                invocation: invocation, client: client, near: near)
        }
        return ""
    }

    private static func stream(_ operands: [String]) -> AsyncStream<String> {
        AsyncStream { continuation in
            for operand in operands { continuation.yield(operand) }
            continuation.finish()
        }
    }

    private static func print<Lines>(
        _ lookups: BatchLookups<Lines>, invocation: Invocation, client: DashSpendClient, near: GeoPoint?
    ) async throws(CLIError) {
        let json = invocation.json
        let withLocations = invocation[ShowOptions.locations] || near != nil
        var firstFailure: ExitCode?
        var printed = 0
        var iterator = lookups.makeAsyncIterator()
        while true {
            let lookup: BatchLookup?
            do {
                lookup = try await iterator.next()
            } catch {
                throw (error as? CLIError) ?? CLIError("cannot read the merchants: \(error)", code: .noInput)
            }
            guard let lookup else { break }
            var piece: String
            do {
                let merchant = try lookup.result.get()
                let locations =
                    withLocations ? try client.locations(merchantId: merchant.merchant.merchantId, near: near) : nil
                piece = ShowCommand.rendered(
                    merchant, locations: locations, json: json, explain: invocation[ShowOptions.explain])
            } catch {
                let failure = invocation.error(DashSpendFailure(error))
                firstFailure = firstFailure ?? failure.code
                piece =
                    json
                    ? JSONDocument.object([("input", .string(lookup.input)), ("error", .object(failure.jsonMembers))])
                        .serialized() + "\n"
                    : TerminalText.sanitized("merchant-lookup: " + failure.line, keepingNewlines: false) + "\n"
            }
            // Where the data comes from (the sample, stale data) is said once, before the first merchant.
            if printed == 0 { ProvenanceOutput.noteAboutData(client, invocation) }
            if !json {
                piece = (printed > 0 ? "\n" : "") + TerminalText.sanitized(piece)
            }
            try invocation.output.write(piece)
            printed += 1
        }
        if let firstFailure { throw .alreadyPrinted(firstFailure) }
    }
}
