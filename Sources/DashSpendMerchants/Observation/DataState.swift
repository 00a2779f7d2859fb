public import DashSpendCore
public import DashSpendSetup

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// What a screen (or a server) has of a value that comes from the stored answers and then from the
/// network: nothing yet, loading (showing what it had), loaded (saying where from and how old), or failed
/// (with what it had before).
public enum DataState<Value: Sendable>: Sendable {
    /// Nothing was asked yet.
    case idle
    /// A load is under way; `previous` is what is shown meanwhile (the stored answer, or the last one).
    case loading(previous: Value?)
    /// The value, the source it came from, and when that source fetched it (nil for values that were never
    /// fetched, such as the explore database's).
    case loaded(Value, source: ValueSource, fetchedAt: Date?)
    /// The load failed; `previous` is still shown.
    case failed(DashSpendFailure, previous: Value?)

    /// The value to show: the loaded one, or the previous one while loading or after a failure.
    public var value: Value? {
        switch self {
        case .idle: return nil
        case .loading(let previous): return previous
        case .loaded(let value, _, _): return value
        case .failed(_, let previous): return previous
        }
    }

    /// Whether a load is under way.
    public var isLoading: Bool {
        if case .loading = self { return true }
        return false
    }
}
