#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// Fetches and checks a BIP72 payment request (the `r=` of a `dash:` URI) through the repository's
/// transport, as the Android wallet does: one GET with `Accept: application/dash-paymentrequest`, the answer
/// decoded as a BIP70 `PaymentRequest` (``DashPaymentRequest``), its signature checked
/// (``DashPaymentRequest/checkingSignature(trustedRoots:at:)``: one that fails is refused) and the request
/// checked against the URI (``DashPaymentRequest/problem(extending:network:at:)``).
///
/// Only `https` URLs are fetched, and plain `http` only from a loopback host (127.0.0.1, ::1, localhost: a
/// test's server). A redirect is not followed (the transport never does); an answer other than 200, or more
/// than ``DashPaymentRequest/maximumBytes`` long, is refused. Every failure is a
/// ``DashPaymentRequest/Problem`` saying what happened.
package struct PaymentRequestFetcher: Sendable {
    /// The media type a payment request is asked for with.
    package static let mediaType = "application/dash-paymentrequest"

    /// How requests are sent.
    package let transport: any HTTPTransport
    /// How long the fetch may take, in seconds.
    package let timeout: TimeInterval
    /// DER certificates a signature's chain may end at besides the system's roots.
    package let trustedRoots: [[UInt8]]

    /// A fetcher sending through `transport`, trusting `trustedRoots` (DER) besides the system's roots.
    package init(transport: any HTTPTransport, timeout: TimeInterval, trustedRoots: [[UInt8]] = []) {
        self.transport = transport
        self.timeout = timeout
        self.trustedRoots = trustedRoots
    }

    /// The payment `uri` asks for, with its request fetched and checked for `network` at `now`: its signature
    /// first (a signature that fails is a problem; one that cannot be checked here is reported as
    /// ``DashPaymentRequest/Signature/notVerified(pkiType:signer:reason:)``), then against the URI.
    package func payment(
        for uri: DashURI, network: DashSpendNetwork, at now: Date
    ) async throws(DashPaymentRequest.Problem) -> DashPaymentURI {
        guard let location = uri.paymentRequestURL else {
            throw DashPaymentRequest.Problem(description: "the URI names no payment request (r=)")
        }
        let request = try await fetch(location).checkingSignature(trustedRoots: trustedRoots, at: now)
        if case .failed(let type, _, let reason) = request.signature {
            throw DashPaymentRequest.Problem(
                description: "the payment request at \(location): its \(type) signature fails: \(reason)")
        }
        if let problem = request.problem(extending: uri, network: network, at: now) {
            throw DashPaymentRequest.Problem(description: "the payment request at \(location): \(problem)")
        }
        return DashPaymentURI(uri: uri, request: request)
    }

    /// The request at `location`, decoded (not checked against a URI).
    package func fetch(_ location: String) async throws(DashPaymentRequest.Problem) -> DashPaymentRequest {
        func problem(_ text: String) -> DashPaymentRequest.Problem {
            DashPaymentRequest.Problem(description: "the payment request at \(location) \(text)")
        }
        guard let url = URL(string: location), let scheme = url.scheme?.lowercased(), let host = url.host else {
            throw problem("is not a URL")
        }
        let loopback = ["127.0.0.1", "::1", "[::1]", "localhost"].contains(host.lowercased())
        guard scheme == "https" || (scheme == "http" && loopback) else {
            throw problem("is not fetched: only https is (plain http only from this machine)")
        }
        let response: HTTPResponse
        do {
            response = try await transport.send(
                HTTPRequest(method: "GET", url: url, headers: ["Accept": Self.mediaType], timeout: timeout))
        } catch {
            throw problem("could not be fetched: \(error)")
        }
        guard response.status == 200 else { throw problem("could not be fetched: HTTP \(response.status)") }
        guard response.body.count <= DashPaymentRequest.maximumBytes else {
            throw problem(
                "is \(response.body.count) bytes, more than the \(DashPaymentRequest.maximumBytes) a request may be")
        }
        do {
            return try DashPaymentRequest(decoding: Array(response.body))
        } catch {
            throw problem("cannot be read: \(error)")
        }
    }
}
