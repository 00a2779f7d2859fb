/// An error of a module above this one that says which ``DashSpendFailure`` it stands for, so that
/// ``DashSpendFailure/init(_:provider:)`` (the one place that decides a failure's kind) converts it without
/// knowing its type: `MerchantServiceError` in the merchants module.
package protocol FailureConvertible: Error {
    /// The failure this error stands for.
    var failure: DashSpendFailure { get }
}
