// SwiftPM builds a target only if it has a Swift file of its own; the generated code comes from the
// plugin. Re-exporting the runtime lets the app use this API with `import ShopAPI` alone.
@_exported import HTNetworking
