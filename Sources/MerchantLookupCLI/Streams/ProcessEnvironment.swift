#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The environment variables of this process, for the executable to pass to ``MerchantLookup/run(arguments:environment:streams:criticalSections:)``
/// (the tool itself reads only what it is given).
public enum ProcessEnvironment {
    /// Every `NAME=value` of `environ`, by name.
    public static var variables: [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let pair = String(cString: pointer)
            if let equals = pair.firstIndex(of: "=") {
                variables[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            entry += 1
        }
        return variables
    }
}
