import DashSpend

extension MerchantLookup {
    /// Makes the settings that belong to the `merchant-lookup` process rather than to the library inside an
    /// app (``DashSpend/DashSpendClient/prepareCommandLineProcess()``). The executable calls it before anything
    /// else; tests that run commands in process need not.
    public static func prepareProcess() {
        DashSpendClient.prepareCommandLineProcess()
    }
}
