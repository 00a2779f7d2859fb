/// Runs `body` and returns the error it throws, if any: for typed errors out of closures the standard
/// library only `rethrows` (`withUnsafeBytes`), which would widen them to `any Error`.
@inline(__always)
func catching<E: Error>(_ body: () throws(E) -> Void) -> E? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}
