import DashSpend
import Testing

@testable import MerchantLookupCLI

@Suite("merchant-lookup --version")
struct VersionTests {
    @Test("--version prints the package's version, DashSpendVersion.current")
    func version() async {
        let outcome = await MerchantLookup.run(arguments: ["--version"], environment: [:])
        #expect(outcome.output.hasPrefix("merchant-lookup \(DashSpendVersion.current) (providers: "), "\(outcome.output)")
        #expect(outcome.exitCode == .ok)
    }
}
