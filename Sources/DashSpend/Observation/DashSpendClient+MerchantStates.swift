public import DashSpendMerchants
public import DashSpendSetup

extension DashSpendClient {
    /// The states of the merchant `idOrName` as they become known, for server code and anything that reads
    /// an `AsyncSequence`: `loading(previous: nil)`, then `loading(previous:)` with the stored answers at
    /// once (no network), then `loaded` with the answer under `policy`, or `failed` with the error and the
    /// stored answer. Under ``FetchPolicy/cacheOnly`` the stored answer is the `loaded` one.
    ///
    /// A merchant that cannot be found ends the sequence after `loading` with `failed(_, previous: nil)`.
    /// Stopping the iteration cancels the lookup.
    public func merchantStates(_ idOrName: String, policy: FetchPolicy = .networkFirst) -> AsyncStream<
        DataState<ResolvedMerchant>
    > {
        AsyncStream { continuation in
            let lookup = Task {
                continuation.yield(.loading(previous: nil))
                let stored: ResolvedMerchant
                do {
                    stored = try await merchant(idOrName, policy: .cacheOnly)
                } catch {
                    continuation.yield(.failed(DashSpendFailure(error), previous: nil))
                    continuation.finish()
                    return
                }
                if policy == .cacheOnly {
                    continuation.yield(.loaded(stored, source: stored.origin.source, fetchedAt: stored.origin.fetchedAt))
                    continuation.finish()
                    return
                }
                continuation.yield(.loading(previous: stored))
                do {
                    let answered = try await merchant(idOrName, policy: policy)
                    continuation.yield(
                        .loaded(answered, source: answered.origin.source, fetchedAt: answered.origin.fetchedAt))
                } catch {
                    continuation.yield(.failed(DashSpendFailure(error), previous: stored))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in lookup.cancel() }
        }
    }
}
