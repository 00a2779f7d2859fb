import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("The state folder is made private once and then left alone: reading writes nothing")
struct PrivateDirectoryTests {
    let scratch: ScratchDirectory

    init() throws {
        scratch = try ScratchDirectory(prefix: "private-directory")
    }

    func info(_ path: String) throws -> stat {
        var info = stat()
        try #require(stat(path, &info) == 0, "\(path) is there")
        return info
    }

    /// The inode's change time, which every `chmod` sets, in nanoseconds.
    func changeTime(_ path: String) throws -> Int {
        #if canImport(Darwin)
        let time = try info(path).st_ctimespec
        #else
        let time = try info(path).st_ctim
        #endif
        return time.tv_sec * 1_000_000_000 + time.tv_nsec
    }

    @Test("Created folders are 0700, one missing or several; a folder already there keeps its mode")
    func createsPrivateFolders() throws {
        let one = scratch.path + "/one"
        try PrivateDirectory.create(one)
        #expect(try info(one).st_mode & 0o7777 == 0o700)

        let deep = scratch.path + "/a/b/c"
        try PrivateDirectory.create(deep)
        for path in [scratch.path + "/a", scratch.path + "/a/b", deep] {
            #expect(try info(path).st_mode & 0o7777 == 0o700, "\(path)")
        }

        let shared = scratch.path + "/shared"
        #expect(mkdir(shared, 0o755) == 0)
        #expect(chmod(shared, 0o755) == 0)
        try PrivateDirectory.create(shared)
        try PrivateDirectory.create(shared + "/inside")
        #expect(try info(shared).st_mode & 0o7777 == 0o755, "an existing folder is left as it is")
        #expect(try info(shared + "/inside").st_mode & 0o7777 == 0o700)
    }

    @Test("A file where a folder should be is refused, at the end of the path or inside it")
    func refusesFiles() throws {
        let file = scratch.path + "/file"
        #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        #expect(throws: PrivateDirectory.Failure.self) { try PrivateDirectory.create(file) }
        #expect(throws: PrivateDirectory.Failure.self) { try PrivateDirectory.create(file + "/below/it") }
        #expect(throws: PrivateDirectory.Failure.self) { try PrivateDirectory.create(file + "/below") }
    }

    @Test("A network folder already private is not written (its change time stays); a wider one is set to 0700")
    func preparedFolderIsNotWrittenAgain() throws {
        let home = scratch.path + "/home"
        let folder = home + "/mainnet"
        try PrivateDirectory.prepareStateFolder(folder)
        #expect(try info(folder).st_mode & 0o7777 == 0o700)
        let before = try changeTime(folder)
        // Past the file system's clock step, so that a chmod would show as a new change time.
        usleep(30_000)
        try PrivateDirectory.prepareStateFolder(folder)
        #expect(try changeTime(folder) == before, "the folder was not chmod-ed")

        #expect(chmod(folder, 0o750) == 0)
        try PrivateDirectory.prepareStateFolder(folder)
        #expect(try info(folder).st_mode & 0o7777 == 0o700)
    }
}
