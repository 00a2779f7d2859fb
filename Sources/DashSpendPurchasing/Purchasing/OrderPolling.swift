#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// How often ``DashSpendClient/orderStates(id:polling:)`` asks the provider: first after ``initial`` seconds,
/// then doubling up to ``maximum``.
public struct OrderPolling: Sendable, Hashable {
    /// Seconds before the second status call.
    public var initial: TimeInterval
    /// The longest wait between two calls, in seconds.
    public var maximum: TimeInterval

    /// Creates a schedule; a non-positive or non-finite value is taken as the default's.
    public init(initial: TimeInterval = 2, maximum: TimeInterval = 30) {
        self.initial = initial.isFinite && initial > 0 ? initial : 2
        self.maximum = maximum.isFinite && maximum > 0 ? max(maximum, self.initial) : max(30, self.initial)
    }

    /// 2 s, doubling up to 30 s.
    public static let standard = OrderPolling()

    /// The wait after `interval`: doubled, at most ``maximum``.
    func next(after interval: TimeInterval) -> TimeInterval { min(interval * 2, maximum) }
}
