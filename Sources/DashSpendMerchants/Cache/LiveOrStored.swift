import DashSpendCore
import DashSpendSetup

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one rule by which something a provider answers and the state database keeps (a merchant's offer, an
/// exchange rate) is taken under a ``FetchPolicy``; `MerchantService` and
/// ``DashSpendClient/exchangeRate(from:currency:policy:)`` both follow it (``fetch(_:defaultMaxAge:storedAt:now:writeThrough:readBack:live:)``):
///
/// 1. Ask or skip: under ``FetchPolicy/cacheOnly`` the provider is never asked (``Outcome/offline``); under
///    ``FetchPolicy/cacheFirst(maxAge:)`` not while the stored value is younger than the max age
///    (``Outcome/fresh(age:maxAge:)``). Otherwise it is asked.
/// 2. Write through: a value that arrives is written to the state database once, when it arrives, however many
///    callers share the request (the `arrived` hook the live fetch runs).
/// 3. Read back: what the caller gets is what was stored, read back; the value as it arrived when the store does
///    not hold it (it could not be written, or was refused).
/// 4. Fall back: a failure is returned as ``Outcome/failed(_:)``; the caller falls back to the stored value and
///    reports the failure with it, or under ``FetchPolicy/networkOnly`` fails.
enum LiveOrStored {
    /// What one fetch did.
    enum Outcome<Value, Failure: Error> {
        /// Not asked: the lookup does not use the network.
        case offline
        /// Not asked: the stored value, `age` seconds old, is younger than the policy's `maxAge`.
        case fresh(age: Double, maxAge: Double)
        /// Asked and answered: the value as read back from the store.
        case answered(Value)
        /// Asked (or could not be asked, such as without a sign-in) and failed.
        case failed(Failure)
    }

    /// Fetches one value under `policy`: ``skipped(_:defaultMaxAge:storedAt:now:)``, else ``ask(writeThrough:readBack:live:)``.
    ///
    /// - Parameters:
    ///   - defaultMaxAge: the max age of a stored value under ``FetchPolicy/cacheFirst(maxAge:)`` without one.
    ///   - storedAt: when the stored value was fetched; nil when there is none.
    ///   - now: the clock's time, which ages are measured from.
    ///   - writeThrough: stores a value that arrived (reporting, never throwing, a failed write).
    ///   - readBack: the stored value equal to what arrived, or nil.
    ///   - live: asks the provider, running `arrived` once per value that arrives from the network.
    static func fetch<Value, Failure: Error>(
        _ policy: FetchPolicy, defaultMaxAge: Double, storedAt: Date?, now: Date,
        writeThrough: @escaping @Sendable (Value) -> Void, readBack: (Value) -> Value?,
        live: (_ arrived: @escaping @Sendable (Value) -> Void) async throws(Failure) -> Value
    ) async -> Outcome<Value, Failure> {
        if let skipped: Outcome<Value, Failure> = skipped(policy, defaultMaxAge: defaultMaxAge, storedAt: storedAt, now: now) {
            return skipped
        }
        return await ask(writeThrough: writeThrough, readBack: readBack, live: live)
    }

    /// Step 1 alone: ``Outcome/offline`` or ``Outcome/fresh(age:maxAge:)`` when the provider is not to be asked,
    /// nil when it is (for a caller that asks several providers at once, and only those).
    static func skipped<Value, Failure: Error>(
        _ policy: FetchPolicy, defaultMaxAge: Double, storedAt: Date?, now: Date
    ) -> Outcome<Value, Failure>? {
        if policy == .cacheOnly { return .offline }
        guard let maxAge = policy.maxAge(default: defaultMaxAge), let storedAt else { return nil }
        let age = now.timeIntervalSince(storedAt)
        return age >= 0 && age < maxAge ? .fresh(age: age, maxAge: maxAge) : nil
    }

    /// Steps 2 and 3: asks, writing through what arrives and reading it back; a failure is the outcome.
    static func ask<Value, Failure: Error>(
        writeThrough: @escaping @Sendable (Value) -> Void, readBack: (Value) -> Value?,
        live: (_ arrived: @escaping @Sendable (Value) -> Void) async throws(Failure) -> Value
    ) async -> Outcome<Value, Failure> {
        do {
            let value = try await live(writeThrough)
            return .answered(readBack(value) ?? value)
        } catch {
            return .failed(error)
        }
    }
}

extension LiveOrStored.Outcome: Sendable where Value: Sendable, Failure: Sendable {}
