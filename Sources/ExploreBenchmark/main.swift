#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// `swift run -c release explore-benchmark [--iterations N] [--quick] [--data DIR]`: see BenchmarkRun.
guard let options = BenchmarkOptions.parse(Array(CommandLine.arguments.dropFirst())) else { exit(0) }

/// The package root: the current directory when it holds the schema fixture, else found from this file.
let packageRoot: String = {
    let schema = "/Fixtures/Schemas/explore-v4.sql"
    if FileSystem.exists(FileSystem.currentDirectory + schema) { return FileSystem.currentDirectory }
    var folder = FileSystem.directory(of: #filePath)
    while folder != "/", !FileSystem.exists(folder + schema) { folder = FileSystem.directory(of: folder) }
    return folder
}()

do {
    try await BenchmarkRun(options: options, packageRoot: packageRoot).run()
} catch {
    print("explore-benchmark: \(error)")
    exit(1)
}
