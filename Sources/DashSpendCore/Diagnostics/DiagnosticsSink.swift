/// Where the library reports what it did: each request with its time, cache hits and misses, a failed
/// cache write, a token refresh. Passed in the configuration; the default reports nothing.
///
/// ## Implementation requirements
/// - ``record(_:)`` is called from any task, concurrently: be thread-safe and return quickly.
/// - Events never contain a token, password or one-time code (URLs carry no query string, headers none).
public protocol DiagnosticsSink: Sendable {
    /// Receives one event.
    func record(_ event: DiagnosticEvent)
}

/// Reports nothing: the default sink.
public struct SilentDiagnostics: DiagnosticsSink {
    /// Creates the silent sink.
    public init() {}

    /// Drops `event`.
    public func record(_ event: DiagnosticEvent) {}
}
