package import Testing

/// A time limit of `minutes` for a suite or a test: a generous guard against a hang (a test that would
/// otherwise wait forever), never a measure of speed. Swift Testing has time limits from macOS 13 and iOS
/// 16 only, while the package deploys to macOS 12 and iOS 15, so `.timeLimit` cannot be written in a
/// suite's traits (they are not checked for availability); this is the same limit where the system has it,
/// and no limit where it has not.
package func hangGuard(minutes: Int) -> any SuiteTrait & TestTrait {
    if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
        return TimeLimitTrait.timeLimit(.minutes(minutes))
    }
    return ConditionTrait.enabled(if: true)
}
