/// A provider's answer that it does not know an order asked about by its id (an HTTP 404, or PiggyCards'
/// HTTP 200 with `{"code":404}`): the order is not payable until the provider says it is again.
package struct OrderNotKnown: Error {
    /// The failure as the provider's answer reads.
    package let error: DashSpendError

    /// Wraps `error`.
    package init(_ error: DashSpendError) {
        self.error = error
    }
}
