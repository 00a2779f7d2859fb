import DashSpendCore
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("UTC time stamps are computed from the day count, as gmtime_r computes them")
struct UTCTimestampTests {
    /// What the C library says for `seconds`: year, month, day, hour, minute, second.
    func libraryFields(_ seconds: Int) -> [Int] {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        return [
            Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday), Int(parts.tm_hour),
            Int(parts.tm_min), Int(parts.tm_sec),
        ]
    }

    /// The same fields as computed here.
    func fields(_ seconds: Int) -> [Int] {
        let parts = UTCTimestamp.Parts(secondsSince1970: seconds)
        return [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second]
    }

    @Test("The same fields as gmtime_r, and back: calendar edges, and 20,000 random moments from year 1 to 9999")
    func sameAsTheLibrary() {
        let edges = [
            0, -1, 59, 60, 86_399, 86_400, -86_400, -86_401,
            951_782_400,  // 2000-02-29
            951_868_800,  // 2000-03-01
            -2_203_891_200,  // 1900-03-01 (1900 has no 29 February)
            4_107_456_000,  // 2100-02-28
            4_107_542_400,  // 2100-03-01
            1_795_000_000, -62_135_596_800, 253_402_300_799,
        ]
        for seconds in edges {
            #expect(fields(seconds) == libraryFields(seconds), "\(seconds)")
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let seconds = Int.random(in: -62_135_596_800...253_402_300_799, using: &generator)
            #expect(fields(seconds) == libraryFields(seconds), "\(seconds)")
            // The calendar's inverse (which reads HTTP dates) gives the day back.
            let parts = UTCTimestamp.Parts(secondsSince1970: seconds)
            let days = UTCTimestamp.Parts.daysSinceEpoch(year: parts.year, month: parts.month, day: parts.day)
            #expect(days * 86_400 + parts.hour * 3_600 + parts.minute * 60 + parts.second == seconds, "\(seconds)")
        }
    }

    @Test("Both forms, a fraction of a second dropped towards the past")
    func forms() {
        let moment = Date(timeIntervalSince1970: 1_795_000_000.75)
        #expect(UTCTimestamp.extended(moment) == "2026-11-18T11:06:40Z")
        #expect(UTCTimestamp.basic(moment) == "20261118T110640Z")
        #expect(UTCTimestamp.extended(Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59Z")
        #expect(UTCTimestamp.basic(Date(timeIntervalSince1970: 951_825_845)) == "20000229T120405Z")
    }
}
