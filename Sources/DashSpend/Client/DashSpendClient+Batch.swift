extension DashSpendClient {
    /// Resolves many merchants in one go: each input (a merchant id, else an exact name, as
    /// ``merchant(_:policy:)`` takes) under `policy`, the results in the inputs' order.
    ///
    /// Lookups run ahead of the consumer, at most `window` of them waiting behind the one being handed out:
    /// memory stays flat on any number of inputs, and a result is handed out as soon as it and those before
    /// it are ready. A merchant
    /// that cannot be resolved is a result with its ``DashSpendFailure``, not the end of the batch; the
    /// sequence throws only what `inputs` throws.
    ///
    /// ```swift
    /// for try await lookup in client.merchants(lines, policy: .cacheOnly) {
    ///     switch lookup.result {
    ///     case .success(let merchant): print(lookup.input, merchant.enabled.value)
    ///     case .failure(let failure): print(lookup.input, failure.message)
    ///     }
    /// }
    /// ```
    public func merchants<Inputs: AsyncSequence & Sendable>(
        _ inputs: Inputs, policy: FetchPolicy = .networkFirst, window: Int = 16
    ) -> BatchLookups<Inputs> where Inputs.Element == String {
        BatchLookups(inputs: inputs, window: window) { [self] input in
            do {
                return BatchLookup(input: input, result: .success(try await merchant(input, policy: policy)))
            } catch {
                return BatchLookup(input: input, result: .failure(DashSpendFailure(error)))
            }
        }
    }
}
