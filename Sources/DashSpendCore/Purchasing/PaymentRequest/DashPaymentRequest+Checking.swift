#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

extension DashPaymentRequest {
    /// Why the request cannot pay `uri` on `network` at `now`, or nil when it can (BIP72's trust check and
    /// more):
    /// - it is for the network, and not expired;
    /// - every output pays a P2PKH or P2SH script, and the total is above zero;
    /// - it extends the URI: where the URI names an address, the request has that one output and no other;
    ///   where the URI says an amount, the request's total is that amount, to the duff.
    package func problem(extending uri: DashURI, network: DashSpendNetwork, at now: Date) -> String? {
        guard self.network == network else {
            return "it is for the \(self.network.rawValue) network, not \(network.rawValue)"
        }
        if let expires, isExpired(at: now) {
            return "it expired at \(UTCTimestamp.extended(expires))"
        }
        if let index = outputs.firstIndex(where: { $0.address == nil }) {
            return "output \(index + 1) pays a script that is neither P2PKH nor P2SH"
        }
        guard totalDuffs > 0 else { return "it asks for nothing" }
        if let address = uri.address {
            let script = PaymentScript.script(paying: address, network: network)
            guard outputs.count == 1, outputs[0].script == script else {
                let paid = outputs.compactMap(\.address).joined(separator: ", ")
                return "it does not extend the URI: it pays \(paid), the URI \(address)"
            }
        }
        if let amount = uri.amount, amount != total {
            return "it does not extend the URI: it asks \(total) DASH, the URI \(amount) DASH"
        }
        return nil
    }
}
