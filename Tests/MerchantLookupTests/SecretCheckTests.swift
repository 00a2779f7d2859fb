import DashSpendTestSupport
import Testing

/// The output check the auth tests rely on must itself find what it looks for.
@Suite("The secret check itself", hangGuard(minutes: 5))
struct SecretCheckTests {
    @Test func findsTheCodeOnlyAsAStandaloneNumber() {
        #expect(AuthTranscript.containsStandaloneNumber("123456", in: "code 123456."))
        #expect(AuthTranscript.containsStandaloneNumber("123456", in: "123456"))
        #expect(!AuthTranscript.containsStandaloneNumber("123456", in: "port 1234567 and 0123456"))
    }
}
