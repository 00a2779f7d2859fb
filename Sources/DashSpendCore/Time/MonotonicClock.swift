#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The system's monotonic clock (`CLOCK_MONOTONIC`: never set back, whatever the wall clock does), for
/// deadlines and elapsed times. `ContinuousClock` and `Duration` do this from iOS 16 and macOS 13 only; the
/// package deploys to iOS 15 and macOS 12, so everything in it times with this clock, in seconds.
package struct MonotonicClock: Sendable {
    /// The clock.
    package init() {}

    /// The current instant.
    package var now: Instant { Instant.now }

    /// A point on the clock: nanoseconds since an arbitrary start (the same for the whole process).
    package struct Instant: Comparable, Hashable, Sendable {
        /// Nanoseconds since the clock's start.
        package let nanoseconds: UInt64

        /// The instant `nanoseconds` after the clock's start.
        package init(nanoseconds: UInt64) { self.nanoseconds = nanoseconds }

        /// The current instant.
        package static var now: Instant {
            var time = timespec()
            clock_gettime(CLOCK_MONOTONIC, &time)
            return Instant(nanoseconds: UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec))
        }

        /// The instant `seconds` after this one (a negative or NaN amount is none; at most 30 years).
        package func advanced(bySeconds seconds: Double) -> Instant {
            Instant(nanoseconds: nanoseconds + MonotonicClock.nanoseconds(seconds))
        }

        /// The time from `earlier` to this instant (zero when `earlier` is later).
        package static func - (later: Instant, earlier: Instant) -> Elapsed {
            Elapsed(nanoseconds: later.nanoseconds >= earlier.nanoseconds ? later.nanoseconds - earlier.nanoseconds : 0)
        }

        package static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
    }

    /// A time between two instants.
    package struct Elapsed: Comparable, Hashable, Sendable {
        /// The time in nanoseconds.
        package let nanoseconds: UInt64

        /// A time of `nanoseconds`.
        package init(nanoseconds: UInt64) { self.nanoseconds = nanoseconds }

        /// The time in seconds.
        package var seconds: Double { Double(nanoseconds) / 1e9 }
        /// The time in milliseconds.
        package var milliseconds: Double { Double(nanoseconds) / 1e6 }

        package static func < (lhs: Elapsed, rhs: Elapsed) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
    }

    /// `seconds` in whole nanoseconds: 0 for a negative or NaN amount, at most 30 years (so that adding it to
    /// an instant never overflows).
    package static func nanoseconds(_ seconds: Double) -> UInt64 {
        guard seconds > 0 else { return 0 }
        return UInt64(min(seconds, 30 * 365 * 86_400) * 1e9)
    }
}

extension Task where Success == Never, Failure == Never {
    /// Suspends the task for `seconds` (`Task.sleep(for:)` needs iOS 16 and macOS 13); throws
    /// `CancellationError` when the task is cancelled meanwhile.
    package static func sleep(seconds: Double) async throws {
        try await sleep(nanoseconds: MonotonicClock.nanoseconds(seconds))
    }
}
