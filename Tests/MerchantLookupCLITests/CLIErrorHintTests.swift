import DashSpend
import Testing

@testable import MerchantLookupCLI

@Suite("The error table's hints for a missing explore database")
struct CLIErrorHintTests {
    @Test("Nothing synced and no fallback: exit 66, and the hint says how to download it or pass a file")
    func notSynced() {
        let failure = DashSpendFailure(
            .missingInput, "no explore database for testnet", cause: .notSynced, subject: "/state/testnet/explore.db")
        let error = CLIError(failure, network: .testnet)
        #expect(error.code == .noInput)
        #expect(
            error.hint == "download it with `merchant-lookup sync --network testnet`, or pass --db with an explore database file")
    }

    @Test("A file given that does not exist: the hint is about --db only")
    func databaseMissing() {
        let failure = DashSpendFailure(.missingInput, "no explore database at /x.db", cause: .databaseMissing, subject: "/x.db")
        #expect(CLIError(failure).hint == "pass --db with the path of an explore database file")
    }
}
