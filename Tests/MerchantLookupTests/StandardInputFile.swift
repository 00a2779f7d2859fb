import Foundation

#if canImport(Glibc)
import Glibc

private let closeDescriptor = Glibc.close
#elseif canImport(Darwin)
import Darwin

private let closeDescriptor = Darwin.close
#endif

/// Standard input for a run in process: a file holding the input, open for reading, never inherited by a
/// process another test starts (close-on-exec).
struct StandardInputFile {
    let descriptor: Int32

    init(_ text: String) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cli-stdin-\(UUID().uuidString)").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        unlink(path)
        guard descriptor >= 0 else { throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: path]) }
    }

    func close() { _ = closeDescriptor(descriptor) }
}
