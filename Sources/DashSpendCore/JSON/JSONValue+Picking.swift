extension JSONValue {
    /// An object of only the members `keys` names that this object has (null ones included, as sent); nil
    /// when this is not an object. What an answer's ``ProviderMerchantDetails/raw`` keeps of a provider's
    /// fields.
    public func picking(_ keys: [String]) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        var picked: [String: JSONValue] = [:]
        for key in keys {
            if let value = members[key] { picked[key] = value }
        }
        return .object(picked)
    }
}
