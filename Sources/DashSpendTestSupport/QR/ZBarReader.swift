import Foundation

/// Reads QR codes from image files with ZBar's `zbarimg` (Debian and Ubuntu: `zbar-tools`), run as a real
/// process: the independent reader the QR encoder is checked against.
package enum ZBarReader {
    /// Why a check that needs `zbarimg` cannot run.
    package static let missingReason =
        "zbarimg is not on PATH (install zbar-tools; .ci/run does), so QR codes cannot be decoded (under CI this fails)"

    /// The `zbarimg` executable found on `PATH`, or nil.
    package static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { $0 + "/zbarimg" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Whether the decode checks must run: `zbarimg` is installed, or the environment variable `CI` is set, where
    /// a missing tool fails the run instead of skipping the check quietly.
    package static var checkRequired: Bool { executable != nil || CIEnvironment.isCI }

    /// What went wrong running `zbarimg`.
    package struct Failure: Error, CustomStringConvertible {
        /// A one-line message.
        package let description: String
    }

    /// The text of the QR code (or of the barcode of `symbology`, zbar's name: `code128`) in the image at
    /// `path` (`zbarimg --raw -q`, that symbology only, the trailing line feed removed), or nil when `zbarimg`
    /// finds none (its exit status 4). The process is waited for on a thread of its own: a test that blocks a
    /// thread of Swift's cooperative pool (two on a two-core machine) starves the timing-sensitive tests
    /// running beside it.
    package static func decode(imageAt path: String, symbology: String = "qrcode") async throws -> String? {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try decodeBlocking(imageAt: path, symbology: symbology) })
            }
        }
    }

    /// `decode(imageAt:symbology:)`, blocking the calling thread until `zbarimg` ends.
    private static func decodeBlocking(imageAt path: String, symbology: String) throws -> String? {
        guard let executable else { throw Failure(description: missingReason) }
        let output = try ChildProcess.run(
            executable, ["--raw", "-q", "--nodbus", "-Sdisable", "-S\(symbology).enable", path])
        switch output.status {
        case 0:
            var decoded = output.stdout
            if decoded.hasSuffix("\n") { decoded.removeLast() }
            return decoded
        case 4:
            return nil
        case let status:
            throw Failure(description: "zbarimg exited with \(status) on \(path): \(output.stderr)")
        }
    }
}
