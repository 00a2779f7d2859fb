package import Foundation
import Testing

/// The provider answers in `Fixtures/Providers`, read folder by folder, and random byte edits of them.
package enum ProviderFixtures {
    package static let root = MockProviderServer.defaultFixturesDirectory()

    /// The `.json` files of `folder`, sorted; fails the test when there are none, so a loop over them can
    /// never pass by running zero times.
    package static func files(_ folder: String) throws -> [(name: String, data: Data)] {
        let directory = root + "/" + folder
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
            .filter { $0.hasSuffix(".json") }
            .map { ($0, try Data(contentsOf: URL(fileURLWithPath: directory + "/" + $0))) }
        try #require(!files.isEmpty, "no .json fixture in \(directory)")
        return files
    }

    /// Applies 1 to 4 random byte edits (replace, insert, delete).
    package static func mutate(_ data: Data, using generator: inout SplitMix64) -> Data {
        var bytes = [UInt8](data)
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            let interesting: [UInt8] = Array("\"{}[],:0123456789.-eE ntfl\\".utf8) + [0, 0xFF, 0xC3]
            let byte =
                Bool.random(using: &generator)
                ? interesting.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
            switch Int.random(in: 0..<3, using: &generator) {
            case 0 where !bytes.isEmpty: bytes[Int.random(in: 0..<bytes.count, using: &generator)] = byte
            case 1: bytes.insert(byte, at: Int.random(in: 0...bytes.count, using: &generator))
            default: if !bytes.isEmpty { bytes.remove(at: Int.random(in: 0..<bytes.count, using: &generator)) }
            }
        }
        return Data(bytes)
    }
}
