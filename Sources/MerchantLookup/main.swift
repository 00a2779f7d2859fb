import MerchantLookupCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes all of `text` to the file descriptor.
func emit(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written <= 0 { return }
        bytes = bytes.dropFirst(written)
    }
}

var environment: [String: String] = [:]
var entry = environ
while let pointer = entry.pointee {
    let pair = String(cString: pointer)
    if let equals = pair.firstIndex(of: "=") {
        environment[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
    }
    entry += 1
}

let outcome = await MerchantLookup.run(arguments: Array(CommandLine.arguments.dropFirst()), environment: environment)
emit(outcome.output, to: 1)
if let error = outcome.error { emit(error + "\n", to: 2) }
exit(outcome.exitCode.rawValue)
