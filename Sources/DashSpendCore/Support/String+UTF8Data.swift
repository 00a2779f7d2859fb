#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

extension String {
    /// The string's UTF-8 bytes as `Data`, copied at once.
    ///
    /// `Data(text.utf8)` first asks whether the view is `ContiguousBytes` (a dynamic cast that, the first time in
    /// a process, makes the runtime scan every protocol conformance in the binary: about 150,000 instructions)
    /// before copying byte by byte; reading a stored answer or an order does this on the path of a `show`.
    package var utf8Data: Data {
        var text = self
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return Data() }
            return Data(bytes: base, count: bytes.count)
        }
    }
}
