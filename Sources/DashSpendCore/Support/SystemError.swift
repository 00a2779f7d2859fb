#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The system's words for a failed call: the one place that turns an `errno` value into text.
package enum SystemError {
    /// The message for `code` (`strerror`), by default for the current `errno`: read it right after the
    /// call that failed, before another call can change it.
    package static func message(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }
}
