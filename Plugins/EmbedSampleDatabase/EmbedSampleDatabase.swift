import Foundation
import PackagePlugin

/// Builds the sample explore database from the SQL in `Fixtures/` and compiles it into the target that
/// applies this plugin, as `EmbeddedSampleDatabase` (see `SampleDatabaseEmbedder`).
///
/// Inputs, in this order: `Fixtures/Schemas/explore-v4.sql`, then every `*.sql` file in
/// `Fixtures/SampleExplore` sorted by name. Editing any of them rebuilds the embedded database.
@main
struct EmbedSampleDatabase: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let fixtures = context.package.directoryURL.appending(path: "Fixtures")
        let schema = fixtures.appending(path: "Schemas/explore-v4.sql")
        let sampleFolder = fixtures.appending(path: "SampleExplore")
        let sampleFiles = try FileManager.default.contentsOfDirectory(atPath: sampleFolder.path())
            .filter { $0.hasSuffix(".sql") }
            .sorted()
            .map { sampleFolder.appending(path: $0) }
        guard !sampleFiles.isEmpty else {
            throw PluginError("no .sql files in \(sampleFolder.path()): the sample database needs at least one")
        }
        let inputs = [schema] + sampleFiles
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedSampleDatabase.swift")
        return [
            .buildCommand(
                displayName: "Embedding the sample explore database from Fixtures/",
                executable: try context.tool(named: "SampleDatabaseEmbedder").url,
                arguments: [output.path()] + inputs.map { $0.path() },
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}

/// A plugin failure with a message that says how to fix it.
struct PluginError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
