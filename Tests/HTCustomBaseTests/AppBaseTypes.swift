import HTNetworking

// The app's own base types. `htcodegen.json` names them (`namePrefix` + `modelAbstract`, `namePrefix` +
// `reqAbstract`) and sets `"abstractTypes": "app"`, so the generator refers to these declarations
// instead of declaring type aliases of the runtime's types with the same names.

/// The base class of this target's generated models: the runtime's base class plus members of the app.
class AppModel: HTHTTPModel {
    /// Where the model came from; every model of the app has it, the spec knows nothing of it. A
    /// constant: generated models are immutable and `Sendable`, and rely on their base class having no
    /// mutable state (or synchronising what it has).
    let origin = "network"

    /// A one-line summary for the app's logs.
    func logLine() -> String {
        "\(type(of: self)) from \(origin): " + htJSONValue.serializedString(options: [.sortedKeys])
    }
}

/// The protocol of this target's generated requests.
protocol AppRequest: HTBaseRequest {}

extension AppRequest {
    /// A member every request of the app has.
    static var appArea: String { "store" }
}
