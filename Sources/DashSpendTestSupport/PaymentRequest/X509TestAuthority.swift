import Foundation

/// A test PKI made at run time by `Fixtures/PaymentRequest/make_x509_vectors.py` (Python `cryptography`, an
/// implementation independent of the package's libcrypto and Security.framework calls): a root and an
/// intermediate CA, a leaf named `pay.ctx.example`, the same leaf expired, and a leaf under a root nobody
/// trusts; and RSA PKCS#1 v1.5 signatures by the leaf's key. Made once per test process
/// (``shared``); its files are in a temporary folder, removed when the process exits.
package final class X509TestAuthority: Sendable {
    /// Why the vectors cannot be made.
    package struct Failure: Error, CustomStringConvertible {
        /// A one-line message.
        package let description: String
    }

    /// Why a check that needs the vectors cannot run.
    package static let missingReason =
        "python3 with cryptography is needed to make the X.509 test vectors (install python3-cryptography; "
        + ".ci/run does), so signatures cannot be checked (under CI this fails)"

    /// Whether the signature checks must run: `python3` has `cryptography`, or the environment variable `CI`
    /// is set, where a missing tool fails the run instead of skipping the check quietly.
    package static var checkRequired: Bool { SyncFixture.pythonCrossCheckRequired }

    /// The folder the certificates and the key are in.
    package let directory: String
    /// The root CA the tests trust (DER).
    package let root: [UInt8]
    /// The intermediate CA, signed by ``root``.
    package let intermediate: [UInt8]
    /// CN=pay.ctx.example, signed by ``intermediate``, valid from a day ago for a year.
    package let leaf: [UInt8]
    /// The same name and key, expired 30 days ago.
    package let expiredLeaf: [UInt8]
    /// A root nobody trusts.
    package let untrustedRoot: [UInt8]
    /// The same name and key, signed by ``untrustedRoot``.
    package let untrustedLeaf: [UInt8]

    /// The file of ``root`` (DER), for a `merchant-lookup` run (`DASHSPEND_PAYMENT_REQUEST_ROOTS`).
    package var rootPath: String { directory + "/root.der" }

    /// The authority of this test process, made on first use.
    package static let shared: Result<X509TestAuthority, Failure> = Result { try X509TestAuthority() }.mapError {
        $0 as? Failure ?? Failure(description: "\($0)")
    }

    /// ``shared``, or its failure thrown.
    package static func made() throws -> X509TestAuthority { try shared.get() }

    private static let script = FixtureDatabase.packageRoot + "/Fixtures/PaymentRequest/make_x509_vectors.py"

    /// The temporary folder of this process's authority.
    private static let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "x509-\(UUID().uuidString)"
    ).path

    private init() throws {
        guard SyncFixture.pythonCryptographyAvailable else { throw Failure(description: Self.missingReason) }
        let folder = Self.folder
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // Removed at exit: each test process used to leave its folder behind.
        atexit {
            // The process is ending: a folder that cannot be removed is litter, not a failure.
            try? FileManager.default.removeItem(atPath: X509TestAuthority.folder)
        }
        try Self.python(["pki", folder])
        func read(_ name: String) throws -> [UInt8] {
            guard let data = FileManager.default.contents(atPath: folder + "/" + name) else {
                throw Failure(description: "make_x509_vectors.py wrote no \(name)")
            }
            return Array(data)
        }
        directory = folder
        root = try read("root.der")
        intermediate = try read("intermediate.der")
        leaf = try read("leaf.der")
        expiredLeaf = try read("expired.der")
        untrustedRoot = try read("untrusted-root.der")
        untrustedLeaf = try read("untrusted-leaf.der")
    }

    /// The leaf key's signature of each message with `digest` (`sha256` or `sha1`), in one run of the script.
    package func sign(_ messages: [[UInt8]], digest: String = "sha256") throws -> [[UInt8]] {
        let folder = directory + "/sign-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files = messages.indices.map { "\(folder)/\($0)" }
        for (file, message) in zip(files, messages) { try Data(message).write(to: URL(fileURLWithPath: file)) }
        try Self.python(["sign", directory + "/leaf.key.pem", digest] + files)
        return try files.map { file in
            guard let data = FileManager.default.contents(atPath: file + ".sig") else {
                throw Failure(description: "make_x509_vectors.py wrote no signature")
            }
            return Array(data)
        }
    }

    private static func python(_ arguments: [String]) throws {
        let output = try ChildProcess.run("/usr/bin/env", ["python3", script] + arguments, timeout: 120)
        guard output.status == 0 else {
            throw Failure(description: "make_x509_vectors.py \(arguments.first ?? "") exited \(output.status): \(output.stderr)")
        }
    }
}
