public import DashSpendCore
public import DashSpendOrders
import DashSpendSetup

extension DashSpendClient {
    /// The BIP70 payment request the kept order `order` is paid through, fetched again from its URI's `r=`
    /// and checked as when the order was created: its signature (when signed) holding or not checkable here
    /// (``DashPaymentRequest/signature``), for the client's network, not expired, extending the URI,
    /// and asking exactly the Dash fixed with the order (``Order/dashAmount``). A wallet pays it by the
    /// payment protocol (a `Payment` message to `DashPaymentRequest.paymentURL`).
    ///
    /// - Throws: ``DashSpendFailure``: ``DashSpendFailure/Kind/refused`` when the order is not waiting for a
    ///   payment, its payment is not by request, or the request cannot be fetched or fails a check (it must
    ///   not be paid then); ``DashSpendFailure/Kind/invalidRequest`` when the client is offline.
    public func paymentRequest(for order: Order) async throws -> DashPaymentRequest {
        let configuration = repositoryConfiguration
        let provider = order.provider
        guard !self.configuration.offline else {
            throw DashSpendFailure(
                .invalidRequest,
                "fetching the payment request of order \(order.id) needs the network, and this client is offline",
                provider: provider, subject: order.id)
        }
        guard order.isPayable, let sent = order.paymentURI, let fixed = order.dashAmount else {
            throw DashSpendFailure(
                .refused, "order \(order.id) is not waiting for a payment", provider: provider, subject: order.id)
        }
        guard let uri = DashURI(parsing: sent, network: configuration.network), uri.paymentRequestURL != nil else {
            throw DashSpendFailure(
                .refused, "order \(order.id) is paid to its dash: URI, not by a payment request", provider: provider,
                subject: order.id)
        }
        let fetcher = PaymentRequestFetcher(
            transport: configuration.transport, timeout: configuration.timeout,
            trustedRoots: configuration.paymentRequestTrustedRoots)
        let payment: DashPaymentURI
        do {
            payment = try await fetcher.payment(for: uri, network: configuration.network, at: configuration.now())
        } catch {
            throw DashSpendFailure(.refused, "order \(order.id): \(error)", provider: provider, subject: order.id)
        }
        guard let request = payment.paymentRequest, request.total == fixed else {
            throw DashSpendFailure(
                .refused,
                "order \(order.id): the payment request asks \(payment.amount) DASH, not the \(fixed) DASH fixed "
                    + "when the order was created",
                provider: provider, subject: order.id)
        }
        return request
    }
}
