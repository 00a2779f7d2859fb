#if PIGGYCARDS_ENABLED
package import DashSpendCore

/// PiggyCards' `payTo`: the BIP21 `dash:` payment request every provider uses (``DashPaymentURI``).
package typealias PiggyCardsPaymentURI = DashPaymentURI
#endif
