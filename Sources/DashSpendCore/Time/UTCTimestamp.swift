#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A moment as ISO 8601 text in UTC, to the second (fractions dropped), written with `gmtime_r`: the first
/// use of Foundation's `Date.ISO8601FormatStyle` costs more than a whole offline lookup.
package enum UTCTimestamp {
    /// `2026-11-23T17:56:01Z`: the extended form, as `Date.ISO8601FormatStyle()` writes it.
    package static func extended(_ date: Date) -> String {
        let parts = components(date)
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }

    /// `20261123T175601Z`: the basic form, for file names.
    package static func basic(_ date: Date) -> String {
        let parts = components(date)
        return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))Z"
    }

    private static func components(_ date: Date) -> tm {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return parts
    }

    private static func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
