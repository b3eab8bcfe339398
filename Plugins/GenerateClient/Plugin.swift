import PackagePlugin
@main struct GenerateClient: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {}
}
