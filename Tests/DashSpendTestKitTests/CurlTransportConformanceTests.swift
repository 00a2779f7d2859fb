#if os(Linux)
import DashSpendCurl
import DashSpendTestKit
import DashSpendTestSupport
import Testing

@Suite("The libcurl transport passes the transport conformance suite", hangGuard(minutes: 3))
struct CurlTransportConformanceTests {
    @Test func curlTransportConforms() async throws {
        let result = try await HTTPTransportConformance(makeStreamingTransport: { CurlTransport() }).run()
        #expect(result.passed)
        #expect(result.checks == HTTPTransportConformance.checks + HTTPTransportConformance.streamingChecks)
        #expect(result.skipped.isEmpty)
    }
}
#endif
