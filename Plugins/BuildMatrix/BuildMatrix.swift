import PackagePlugin
@main struct BuildMatrix: CommandPlugin { func performCommand(context: PluginContext, arguments: [String]) async throws {} }
