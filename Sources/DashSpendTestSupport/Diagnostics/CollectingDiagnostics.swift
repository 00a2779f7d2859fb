package import DashSpendCore
import DashSpendLocking

/// A ``DiagnosticsSink`` that keeps every event it receives, in order, for a test to read back.
package final class CollectingDiagnostics: DiagnosticsSink {
    private let collected = Locked<[DiagnosticEvent]>([])

    /// Creates an empty sink.
    package init() {}

    /// Keeps `event`.
    package func record(_ event: DiagnosticEvent) {
        collected.withLock { $0.append(event) }
    }

    /// Every event received so far, oldest first.
    package var events: [DiagnosticEvent] { collected.withLock { $0 } }

    /// The events of `kind` received so far, oldest first.
    package func events(_ kind: DiagnosticEvent.Kind) -> [DiagnosticEvent] { events.filter { $0.kind == kind } }

    /// Forgets the events received so far.
    package func reset() {
        collected.withLock { $0.removeAll() }
    }
}
