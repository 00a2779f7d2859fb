import DashSpend
import Testing

@testable import MerchantLookupCLI

@Suite("merchant-lookup --version")
struct VersionTests {
    @Test("--version prints the package's version, DashSpendRelease.version")
    func version() async {
        let outcome = await MerchantLookup.run(arguments: ["--version"], environment: [:])
        #expect(outcome.output.hasPrefix("merchant-lookup \(DashSpendRelease.version) (providers: "), "\(outcome.output)")
        #expect(outcome.exitCode == .ok)
    }
}
