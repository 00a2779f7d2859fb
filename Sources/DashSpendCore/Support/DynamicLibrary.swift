#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A system library opened with `dlopen` when first needed, not linked: a process that never needs it
/// never maps it (nor what it depends on) and pays none of its symbol bindings at start-up. libcurl and
/// libcrypto are opened this way on Linux.
package struct DynamicLibrary: @unchecked Sendable {
    /// Why no library could be opened: the loader's words for each name tried.
    package struct Unavailable: Error, Sendable {
        /// `dlerror()`'s message per name, joined.
        package let reason: String
    }

    private let handle: UnsafeMutableRawPointer

    /// Opens the first of `sonames` that loads (`RTLD_NOW | RTLD_LOCAL`).
    package static func open(_ sonames: [String]) throws(Unavailable) -> DynamicLibrary {
        var reasons: [String] = []
        for soname in sonames {
            if let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) { return DynamicLibrary(handle: handle) }
            reasons.append(dlerror().map { String(cString: $0) } ?? "\(soname): not found")
        }
        throw Unavailable(reason: reasons.joined(separator: "; "))
    }

    /// The function `name` as `type` (a `@convention(c)` function type); nil when the library lacks it.
    package func function<T>(_ name: String, as type: T.Type) -> T? {
        address(name).map { unsafeBitCast($0, to: type) }
    }

    /// The address of `name`; nil when the library lacks it.
    package func address(_ name: String) -> UnsafeMutableRawPointer? {
        dlsym(handle, name)
    }
}
