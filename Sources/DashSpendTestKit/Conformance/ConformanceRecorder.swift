import DashSpendLocking
import Testing

/// Records the failures of one conformance run as Swift Testing issues, each prefixed with the suite's and
/// the check's names and attributed to the line that called `run()`.
final class ConformanceRecorder: Sendable {
    /// The suite's type name, e.g. `CredentialStoreConformance`.
    let suite: String
    /// Where the implementer called `run()`.
    let location: SourceLocation
    private let failures = Locked(0)

    init(suite: String, location: SourceLocation) {
        self.suite = suite
        self.location = location
    }

    /// How many issues this run recorded.
    var failureCount: Int { failures.withLock { $0 } }

    /// Records a failure of `check`.
    func fail(_ check: String, _ message: String) {
        failures.withLock { $0 += 1 }
        Issue.record(Comment(rawValue: "\(suite): \(check): \(message)"), sourceLocation: location)
    }

    /// Records a failure of `check` unless `condition` holds.
    func expect(_ condition: Bool, _ check: String, _ message: @autoclosure () -> String) {
        if !condition { fail(check, message()) }
    }

    /// Runs `body`; an error it throws is a failure of `check` (nil is returned).
    func attempt<T>(_ check: String, _ what: String, _ body: () async throws -> T) async -> T? {
        do {
            return try await body()
        } catch {
            fail(check, "\(what) threw \(String(reflecting: error))")
            return nil
        }
    }

    /// Runs `body`; returns whether it finished without throwing (an error is a failure of `check`).
    @discardableResult
    func succeeds(_ check: String, _ what: String, _ body: () async throws -> Void) async -> Bool {
        do {
            try await body()
            return true
        } catch {
            fail(check, "\(what) threw \(String(reflecting: error))")
            return false
        }
    }

    /// Runs `body`, which must throw; returns the error, or records a failure of `check` and returns nil.
    func thrown(_ check: String, _ what: String, _ body: () async throws -> Void) async -> (any Error)? {
        do {
            try await body()
            fail(check, "\(what) returned normally; it must throw")
            return nil
        } catch {
            return error
        }
    }
}

/// What a conformance run found.
public struct ConformanceResult: Sendable, Hashable {
    /// The checks that ran.
    public var checks: [String]
    /// The checks skipped because the implementer supplied nothing to run them with.
    public var skipped: [String]
    /// How many issues the run recorded (each is also a Swift Testing issue).
    public var failureCount: Int

    /// Whether every check that ran passed.
    public var passed: Bool { failureCount == 0 }
}
