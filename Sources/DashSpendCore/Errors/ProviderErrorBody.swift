#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The error body both providers send, read leniently:
/// `{"errors":[{"id"?: "...", "code"?: ..., "message": "..."}], "fields": {"fiatAmount": ["above threshold"]}}`
/// or PiggyCards' `{"error": "<message>"}`. A body that is not JSON keeps its text in ``rawText``.
public struct ProviderErrorBody: Sendable, Hashable {
    /// The messages in `errors[].message` and `error`, in order.
    public let messages: [String]
    /// The per-field messages in `fields`.
    public let fields: [String: [String]]
    /// The body as text (at most 500 characters), for messages that are not JSON.
    public let rawText: String

    /// Reads an error body; never throws.
    public init(_ data: Data) {
        let text = String(decoding: data.prefix(500), as: UTF8.self)
        rawText = text
        // An error body that is not JSON keeps its text in rawText: nothing else can be read from it.
        guard let json = try? JSONValue.parse(data) else {
            messages = []
            fields = [:]
            return
        }
        var found: [String] = []
        if let errors = json["errors"]?.array {
            found += errors.compactMap { $0["message"]?.nonBlankString ?? $0.nonBlankString }
        }
        if let error = json["error"]?.nonBlankString { found.append(error) }
        if let message = json["message"]?.nonBlankString { found.append(message) }
        messages = found
        var fieldMessages: [String: [String]] = [:]
        for (key, value) in json["fields"]?.object ?? [:] {
            if let list = value.array {
                fieldMessages[key] = list.compactMap(\.nonBlankString)
            } else if let single = value.nonBlankString {
                fieldMessages[key] = [single]
            }
        }
        fields = fieldMessages
    }

    /// The first message, else the raw text trimmed (at most 200 characters), else `fallback`.
    public func summary(fallback: String) -> String {
        if let first = messages.first { return String(first.prefix(200)) }
        let trimmed = rawText.trimmedWhitespace
        return trimmed.isEmpty ? fallback : String(trimmed.prefix(200))
    }

    /// Whether any message or the raw text contains `needle`, case-insensitively.
    public func mentions(_ needle: String) -> Bool {
        let wanted = needle.lowercased()
        return rawText.lowercased().contains(wanted) || messages.contains { $0.lowercased().contains(wanted) }
    }
}
