#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Reads an HTTP `Retry-After` value (RFC 9110 §10.2.3): a number of seconds, or an HTTP date
/// in the IMF-fixdate form (`Sun, 06 Nov 1994 08:49:37 GMT`). The obsolete RFC 850 and asctime forms
/// read as missing.
public enum RetryAfter {
    /// The longest wait taken from a header: one day. A larger value is capped, never trusted blindly.
    public static let maximumSeconds = 86_400

    /// The delay in whole seconds (rounded up, at least 0, at most ``maximumSeconds``) that `value` asks
    /// for, measured from `now`; nil when the value is missing or is neither form.
    public static func seconds(_ value: String?, now: Date) -> Int? {
        guard let text = value?.trimmedWhitespace, !text.isEmpty else { return nil }
        if text.allSatisfy({ $0.isASCII && $0.isNumber }) {
            guard let seconds = Int(text.prefix(9)) else { return nil }
            return min(seconds, maximumSeconds)
        }
        guard let date = httpDate(text) else { return nil }
        let delay = date.timeIntervalSince(now).rounded(.up)
        return Int(min(max(delay, 0), Double(maximumSeconds)))
    }

    /// An IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), nil otherwise.
    static func httpDate(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[0].hasSuffix(","), parts[5] == "GMT",
            let day = Int(parts[1]), (1...31).contains(day),
            let monthIndex = months.firstIndex(of: String(parts[2])),
            let year = Int(parts[3]), (1970...9999).contains(year)
        else { return nil }
        let time = parts[4].split(separator: ":")
        guard time.count == 3, let hour = Int(time[0]), let minute = Int(time[1]), let second = Int(time[2]),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        let days = UTCTimestamp.Parts.daysSinceEpoch(year: year, month: monthIndex + 1, day: day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3_600 + minute * 60 + second))
    }

    /// A wait said in words: `45 seconds`, `3 minutes`, `2 hours`.
    public static func spoken(seconds: Int) -> String {
        switch seconds {
        case ..<120: return "\(seconds) second\(seconds == 1 ? "" : "s")"
        case ..<7_200: return "\((seconds + 59) / 60) minutes"
        default: return "\((seconds + 3_599) / 3_600) hours"
        }
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
