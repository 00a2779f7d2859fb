public import DashSpendMerchants
public import DashSpendSetup

extension DashSpendClient {
    /// Resolves many merchants in one go: each input (a merchant id, else an exact name, as
    /// ``merchant(_:policy:)`` takes) under `policy`, the results in the inputs' order.
    ///
    /// Lookups that may ask the network run ahead of the consumer, at most `window` of them waiting behind the
    /// one being handed out; offline or under ``FetchPolicy/cacheOnly`` each runs when its turn comes. Inputs are
    /// read ahead (up to 1,024) and their explore rows read together, one statement for all of them. Memory stays
    /// flat on any number of inputs, and a result is handed out as soon as it and those before it are ready. A
    /// merchant that cannot be resolved is a result with its ``DashSpendFailure``, not the end of the batch; the
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
        BatchLookups(
            // Offline, or from stored answers only, no lookup waits on the network: nothing to run side by side.
            inputs: inputs, window: window, concurrent: !configuration.offline && policy != .cacheOnly,
            prefetch: { [self] ids in
                // A failure here is each input's own to report, when it is looked up on its own.
                guard let database = try? merchants.openedService().database, let found = try? database.merchants(ids: ids) else {
                    return .none
                }
                return BatchPrefetch(database: database, results: found)
            },
            lookup: { [self] input, prefetched in
                do {
                    return BatchLookup(
                        input: input, result: .success(try await merchant(input, policy: policy, prefetched: prefetched)))
                } catch {
                    return BatchLookup(input: input, result: .failure(DashSpendFailure(error)))
                }
            })
    }
}
