import DashSpendTestSupport
import Testing

@Suite("hangGuard: Swift Testing's time limit where the system has it")
struct HangGuardTests {
    @Test("A test with hangGuard(minutes:) has that time limit", hangGuard(minutes: 3))
    func limitApplies() throws {
        guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else { return }
        let test = try #require(Test.current)
        #expect(test.traits.contains { $0 is TimeLimitTrait })
        #expect(test.timeLimit == .seconds(180))
    }
}
