#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// A moment as ISO 8601 text in UTC, to the second (fractions dropped), computed from the count of days
/// (the civil calendar's arithmetic, as `gmtime_r` does): the first use of Foundation's
/// `Date.ISO8601FormatStyle` costs more than a whole offline lookup, and glibc's `gmtime_r` reads the local
/// time zone (`/etc/localtime`, seven system calls) at its first use though UTC needs none.
package enum UTCTimestamp {
    /// `2026-11-23T17:56:01Z`: the extended form, as `Date.ISO8601FormatStyle()` writes it.
    package static func extended(_ date: Date) -> String {
        let parts = Parts(date)
        return "\(parts.year)-\(two(parts.month))-\(two(parts.day))T"
            + "\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))Z"
    }

    /// `20261123T175601Z`: the basic form, for file names.
    package static func basic(_ date: Date) -> String {
        let parts = Parts(date)
        return "\(parts.year)\(two(parts.month))\(two(parts.day))T"
            + "\(two(parts.hour))\(two(parts.minute))\(two(parts.second))Z"
    }

    /// The calendar fields of a moment in UTC (proleptic Gregorian, as `gmtime_r` gives them).
    package struct Parts {
        package let year: Int
        package let month: Int
        package let day: Int
        package let hour: Int
        package let minute: Int
        package let second: Int

        /// `date`, its fraction of a second dropped (towards the past).
        package init(_ date: Date) {
            self.init(secondsSince1970: Int(date.timeIntervalSince1970.rounded(.down)))
        }

        /// Howard Hinnant's `civil_from_days`: years of 400 (146,097 days) that start on 1 March, so that
        /// the leap day ends each year. The inverse of ``daysSinceEpoch(year:month:day:)``.
        package init(secondsSince1970 seconds: Int) {
            let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
            let secondOfDay = seconds - days * 86_400
            let shifted = days + 719_468  // from 1970-01-01 to 0000-03-01
            let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
            let dayOfEra = shifted - era * 146_097
            let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
            let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
            let monthFromMarch = (5 * dayOfYear + 2) / 153
            day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
            month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
            year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
            hour = secondOfDay / 3_600
            minute = secondOfDay % 3_600 / 60
            second = secondOfDay % 60
        }

        /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`), the
        /// inverse of ``init(secondsSince1970:)``'s calendar.
        package static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
            let y = month <= 2 ? year - 1 : year
            let era = (y >= 0 ? y : y - 399) / 400
            let yearOfEra = y - era * 400
            let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
            let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
            return era * 146_097 + dayOfEra - 719_468
        }
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
