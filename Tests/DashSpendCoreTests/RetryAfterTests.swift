import DashSpendCore
import Foundation
import Testing

@Suite("Retry-After: seconds or an HTTP date, bounded")
struct RetryAfterTests {
    static let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT

    @Test func seconds() {
        #expect(RetryAfter.seconds("120", now: Self.now) == 120)
        #expect(RetryAfter.seconds(" 0 ", now: Self.now) == 0)
        #expect(RetryAfter.seconds("99999999999999999999", now: Self.now) == RetryAfter.maximumSeconds)
    }

    @Test func httpDate() {
        #expect(RetryAfter.seconds("Sun, 06 Nov 1994 08:49:37 GMT", now: Self.now) == 0)
        #expect(RetryAfter.seconds("Sun, 06 Nov 1994 08:51:07 GMT", now: Self.now) == 90)
        #expect(RetryAfter.seconds("Sat, 05 Nov 1994 08:49:37 GMT", now: Self.now) == 0, "a past date is now")
        #expect(RetryAfter.seconds("Mon, 07 Nov 1994 08:49:38 GMT", now: Self.now) == RetryAfter.maximumSeconds)
        #expect(RetryAfter.seconds("Thu, 29 Feb 2024 00:00:00 GMT", now: Date(timeIntervalSince1970: 1_709_164_800)) == 0)
    }

    @Test(arguments: [nil, "", "soon", "-5", "1.5", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun, 06 Nov 1994 25:49:37 GMT"])
    func unreadableIsMissing(_ value: String?) {
        #expect(RetryAfter.seconds(value, now: Self.now) == nil)
    }

    @Test func a429IsRateLimitedWithTheDelay() {
        let response = HTTPResponse(status: 429, headers: ["Retry-After": "45"], body: Data())
        let error = ProviderErrorMapping.sharedError(
            for: response, body: ProviderErrorBody(Data()), provider: .ctx, signIn: false, verifiesCode: false, now: Self.now)
        #expect(error == .rateLimited(.ctx, retryAfterSeconds: 45))
        #expect(error?.description.contains("try again in 45 seconds") == true)
    }
}
