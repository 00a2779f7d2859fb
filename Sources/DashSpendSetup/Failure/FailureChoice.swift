package import DashSpendCore

/// The one rule for which of several providers' failures to report when none of them answered: the first
/// that is not a missing sign-in, else the first. A provider the user never signed in to says less than one
/// that was asked and failed (down, refused, unreadable), so its "sign in" is reported only when nothing else
/// failed. The merchant service (under ``FetchPolicy/networkOnly``) and a purchase's quote choose this way.
package enum FailureChoice {
    /// The element of `items` (in their order) whose `failure` to report; nil when none has a failure.
    package static func mostTelling<T>(_ items: [T], failure: (T) -> DashSpendError?) -> T? {
        items.first { item in
            guard let error = failure(item) else { return false }
            if case .signInRequired = error { return false }
            return true
        } ?? items.first { failure($0) != nil }
    }
}
