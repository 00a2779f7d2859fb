/// E-mail addresses as the sign-in calls accept them.
package enum EmailAddress {
    /// `raw` trimmed, when it looks like an address (an `@`, no spaces); otherwise
    /// ``DashSpendError/rejected(_:)`` saying so, before anything is sent.
    package static func validated(_ raw: String) throws(DashSpendError) -> String {
        let address = raw.trimmedWhitespace
        guard address.contains("@"), !address.contains(" ") else {
            throw .rejected("'\(address)' is not an e-mail address")
        }
        return address
    }
}
