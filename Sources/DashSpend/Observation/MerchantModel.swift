public import DashSpendMerchants
public import DashSpendSetup
public import Observation

/// An observable merchant for a screen to bind to: ``state`` shows the stored answer at once and changes
/// when the live one lands (or the lookup fails, keeping what was shown).
///
/// ```swift
/// let model = MerchantModel(client: client, merchant: "Home Depot")
/// Task { await model.load() }
/// // In a view: switch model.state { case .loading(let previous): ... }
/// ```
///
/// It lives on the main actor, like the screens that observe it; the lookups run off it. It needs the
/// Observation framework (iOS 17, macOS 14); on older systems bind to ``DashSpendClient/merchantStates(_:policy:)``.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
@Observable
public final class MerchantModel {
    /// The id or exact name of the merchant.
    public let merchant: String
    /// What is known of the merchant now.
    public private(set) var state: DataState<ResolvedMerchant> = .idle
    @ObservationIgnored private let client: DashSpendClient

    /// A model of `merchant` (an id, else an exact name) resolved through `client`; nothing is loaded until
    /// ``load(policy:)``.
    public init(client: DashSpendClient, merchant: String) {
        self.client = client
        self.merchant = merchant
    }

    /// Loads the merchant: the stored answer first, then the answer under `policy`. While it loads, and
    /// after a failure, the state keeps the last value shown (a reload never blanks the screen). Returns when
    /// the lookup has finished or the calling task is cancelled.
    public func load(policy: FetchPolicy = .networkFirst) async {
        for await next in client.merchantStates(merchant, policy: policy) {
            if Task.isCancelled { return }
            state = Self.keepingShown(next, shown: state.value)
        }
    }

    /// `next`, carrying `shown` as the previous value where `next` has none.
    static func keepingShown(_ next: DataState<ResolvedMerchant>, shown: ResolvedMerchant?) -> DataState<
        ResolvedMerchant
    > {
        switch next {
        case .loading(nil): return .loading(previous: shown)
        case .failed(let failure, nil): return .failed(failure, previous: shown)
        default: return next
        }
    }
}
