import DashSpendCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A wait for something a test needs to have happened (the request arrived, the refresh started) that did
/// not happen in time. Thrown, so the test fails there instead of going on to test a race that never ran.
struct WaitTimedOut: Error, CustomStringConvertible {
    /// What was waited for, and for how long.
    package let description: String
}

/// Checks `condition` every 10 ms until it holds, and throws ``WaitTimedOut`` naming `what` if it still does
/// not after `seconds`: bounded, and never a silent give-up. The bound only keeps a broken build from hanging:
/// what is waited for takes milliseconds, but a loaded two-core machine can hold a test's task off its thread
/// for a minute and more (30 s, then over 60 s, were seen to pass by under parallel builds), so it is generous.
package func waitUntil(
    _ what: String, within seconds: Double = 180, _ condition: () async throws -> Bool
) async throws {
    let deadline = Date().addingTimeInterval(seconds)
    while try await !condition() {
        guard Date() < deadline else { throw WaitTimedOut(description: "\(what): not within \(seconds) s") }
        try await Task.sleep(seconds: 0.01)
    }
}
