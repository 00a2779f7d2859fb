import DashSpendCore
import Testing

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Files are replaced whole, private, and without leftovers")
struct AtomicFileTests {
    @Test("Replacing writes the new bytes with mode 0600 and leaves no staged file")
    func replaces() throws {
        try withScratchFolder { folder in
            let target = folder + "/stamp"
            #expect(FileManager.default.createFile(atPath: target, contents: Data("old".utf8)))
            #expect(chmod(target, 0o644) == 0)
            try AtomicFile.replace(target, with: Array("new contents\n".utf8))
            #expect(FileManager.default.contents(atPath: target) == Data("new contents\n".utf8))
            #expect(try mode(of: target) == 0o600)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["stamp"])
        }
    }

    @Test("A failed rename keeps what was there, removes the staged file and names the target")
    func failedRename() throws {
        try withScratchFolder { folder in
            // A folder that is not empty cannot be replaced by a file.
            let target = folder + "/occupied"
            try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
            #expect(FileManager.default.createFile(atPath: target + "/keep", contents: Data("kept".utf8)))
            do throws(AtomicFile.Failure) {
                try AtomicFile.replace(target, with: Array("new".utf8))
                Issue.record("replaced a folder")
            } catch {
                #expect(error.path == target)
                #expect(error.reason == SystemError.message(EISDIR))
                #expect(!error.isRenamed)
            }
            #expect(FileManager.default.contents(atPath: target + "/keep") == Data("kept".utf8))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["occupied"])
        }
    }

    @Test("A failed mkstemp creates and removes nothing, not even a file named like its template")
    func failedCreate() throws {
        try withScratchFolder { folder in
            let target = folder + "/credentials.json"
            let template = target + ".tmp-XXXXXX"
            #expect(FileManager.default.createFile(atPath: template, contents: Data([1])))
            do throws(AtomicFile.Failure) {
                _ = try AtomicFile(next: target) { _ in
                    errno = EACCES
                    return -1
                }
                Issue.record("created")
            } catch {
                #expect(error == AtomicFile.Failure(path: target, reason: SystemError.message(EACCES), isRenamed: false))
            }
            #expect(FileManager.default.fileExists(atPath: template))
        }
    }

    @Test("A staged file is removed when discarded or dropped, and moves over its target when asked")
    func staged() throws {
        try withScratchFolder { folder in
            let target = folder + "/explore.db.meta.json"
            let discarded = try AtomicFile(next: target, marker: ".staging-")
            #expect(discarded.path.hasPrefix(target + ".staging-"))
            try discarded.append(Array("dropped".utf8))
            #expect(discarded.discard())
            #expect(!FileManager.default.fileExists(atPath: discarded.path))

            var dropped: String?
            do {
                let file = try AtomicFile(next: target)
                try file.append(Array("dropped too".utf8))
                dropped = file.path
            }
            #expect(dropped.map { FileManager.default.fileExists(atPath: $0) } == false)

            let kept = try AtomicFile(next: target, marker: ".staging-")
            try kept.append(Array("{}\n".utf8))
            try kept.finish()
            try kept.move(over: target)
            try AtomicFile.syncFolder(of: target)
            #expect(!kept.discard())
            #expect(FileManager.default.contents(atPath: target) == Data("{}\n".utf8))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["explore.db.meta.json"])
        }
    }

    @Test("Flushing a folder that is gone says the rename is done but not flushed")
    func folderGone() throws {
        try withScratchFolder { folder in
            do throws(AtomicFile.Failure) {
                try AtomicFile.syncFolder(of: folder + "/missing/file")
                Issue.record("flushed a missing folder")
            } catch {
                #expect(
                    error
                        == AtomicFile.Failure(
                            path: folder + "/missing/file", reason: SystemError.message(ENOENT), isRenamed: true))
            }
        }
    }

    @Test("The system's message for an errno value")
    func systemMessage() {
        #expect(SystemError.message(ENOENT) == String(cString: strerror(ENOENT)))
        errno = EACCES
        #expect(SystemError.message() == String(cString: strerror(EACCES)))
    }
}

/// Runs `body` with a new empty folder, removed afterwards.
private func withScratchFolder(_ body: (String) throws -> Void) throws {
    var template = Array((FileManager.default.temporaryDirectory.path + "/atomic-file-XXXXXX").utf8CString)
    try #require(template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) } != nil)
    let folder = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try body(folder)
}

private func mode(of path: String) throws -> mode_t {
    var info = stat()
    try #require(stat(path, &info) == 0)
    return info.st_mode & 0o7777
}
