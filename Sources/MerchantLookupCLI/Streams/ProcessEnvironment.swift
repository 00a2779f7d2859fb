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
        var count = 0
        while environ[count] != nil { count += 1 }
        // Sized once: growing the dictionary rehashed every variable at each doubling, 40% of this at start.
        var variables = [String: String](minimumCapacity: count)
        var entry = environ
        while let pointer = entry.pointee {
            // Split at the first `=` in the C string: splitting a Swift string by Character runs grapheme
            // breaking over every variable at each start.
            if let equals = strchr(pointer, Int32(UInt8(ascii: "="))) {
                let name = UnsafeRawBufferPointer(start: pointer, count: pointer.distance(to: equals))
                variables[String(decoding: name, as: UTF8.self)] = String(cString: equals + 1)
            }
            entry += 1
        }
        return variables
    }
}
