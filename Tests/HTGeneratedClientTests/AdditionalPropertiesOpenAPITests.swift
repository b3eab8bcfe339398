import Foundation
import HTNetworking
import HTTestSupport
import Testing

/// Issue #37, part 3: `additionalProperties` beside `properties` (`Label`, `LabelDetails` and `Settings`
/// of `Specs/forms.openapi.yaml`): the keys a model does not declare are kept in a typed map, read from
/// a response of the loopback server and sent back flattened beside the declared ones.
@Suite struct AdditionalPropertiesOpenAPITests {
    /// A client of the loopback server, mapping with `options`.
    static func client(_ server: LoopbackServer, options: HTMappingOptions = .lenient) -> HTClient {
        HTClient(configuration: HTClientConfiguration(baseURL: server.baseURL, mappingOptions: options))
    }

    /// A label as a server writes it: the declared keys, then two others whose values are tags.
    static let label = #"{"name":"Rex","note":"old","a":{"text":"x"},"b":{"text":"y","weight":2}}"#

    @Test func aResponseKeepsItsOtherKeysInTheTypedMapAndTheModelSendsThemBack() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = Self.client(server)
        let response = try await client.response(for: HTGetLabelRequest(body: Self.label))
        #expect(response.diagnostics.isEmpty)
        let label = response.value
        #expect(label.name == "Rex")
        #expect(label.note == "old")
        #expect(label.additionalProperties.keys.sorted() == ["a", "b"])
        #expect(label.additionalProperties["a"] == HTLabelTag { $0.text = "x" })
        #expect(label.additionalProperties["b"]?.weight == 2)

        // Sent back as a request body: the same bytes (declared keys in order, then the others sorted).
        let echo = try await client.send(HTEchoLabelRequest(requestBody: label))
        #expect(echo.method_ == "POST")
        #expect(echo.body == Self.label)
    }

    @Test func aBadOtherValueIsDroppedWhenLenientAndFailsWhenStrict() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let text = #"{"name":"Rex","a":{"text":"x"},"c":5}"#
        let lenient = try await Self.client(server).response(for: HTGetLabelRequest(body: text))
        #expect(lenient.value.additionalProperties.keys.sorted() == ["a"])
        #expect(lenient.diagnostics.map(\.description) == ["c: expected object (HTLabelTag), found number 5"])
        do {
            let label = try await Self.client(server, options: .strict).send(HTGetLabelRequest(body: text))
            Issue.record("a bad other value was mapped strictly: \(label)")
        } catch {
            guard case .mapping(let mapping) = error.kind else {
                Issue.record("not a mapping error: \(error)")
                return
            }
            #expect(mapping.path.description == "c")
            #expect(mapping.message == "expected object (HTLabelTag), found number 5")
        }
    }

    @Test func anyOtherValueIsKeptAsJSONAndWrittenBackExactly() throws {
        // `additionalProperties: true`: any value, `null` and nested ones included. Keys match exactly:
        // `Theme` is another key, not the property `theme` (no implicit key matching in such a model).
        let text = #"{"theme":"dark","Theme":"light","list":[1,{"z":true}],"none":null}"#
        let (settings, diagnostics) = try HTSettings.htMapped(from: try HTJSON(parsing: text))
        #expect(diagnostics.isEmpty)
        #expect(settings.theme == "dark")
        #expect(settings.additionalProperties == ["Theme": "light", "list": [1, ["z": true]], "none": .null])
        // Declared keys first, then the others sorted (byte order: `T` before `l`).
        #expect(settings.htJSONString() == #"{"theme":"dark","Theme":"light","list":[1,{"z":true}],"none":null}"#)
        #expect(settings.htJSON == (try HTJSON(parsing: text)))
        #expect(try HTSettings(json: settings.htJSON) == settings)
    }

    @Test func mergedAndDatedOtherKeysMapAndWriteBack() throws {
        // `LabelDetails` is `allOf: [Label, {seenOn}]`: Label's other keys (tags) are the merged model's;
        // `seenOn` keeps its other keys as calendar dates (`format: date`).
        let text = #"{"name":"Rex","seenOn":{"first":"2026-01-02","last":"2026-03-04"},"z":{"text":"t"}}"#
        let details = try HTLabelDetails(jsonString: text, options: .strict)
        #expect(details.additionalProperties == ["z": HTLabelTag { $0.text = "t" }])
        let seen = try #require(details.seenOn)
        #expect(seen.first == Date(timeIntervalSince1970: 1_767_312_000))
        #expect(seen.additionalProperties == ["last": Date(timeIntervalSince1970: 1_772_582_400)])
        #expect(details.htJSONString() == text)
    }

    @Test func theBuilderSetsOtherKeysAndADeclaredKeyIsNeverWrittenFromTheMap() throws {
        let label = HTLabel(name: "Ivy") {
            $0.additionalProperties["k"] = HTLabelTag { $0.weight = 1 }
            // `note` is a declared key: the property wins, even left out as `nil`.
            $0.additionalProperties["note"] = HTLabelTag { $0.text = "shadow" }
        }
        #expect(label.htJSONString() == #"{"name":"Ivy","k":{"weight":1}}"#)
        #expect(label.htJSONObject().members.map(\.key) == ["name", "k"])
        #expect(HTLabel(name: "Ivy").additionalProperties.isEmpty)
        #expect(HTLabel(name: "Ivy").htJSONString() == #"{"name":"Ivy"}"#)
        let edited = label.with { $0.additionalProperties["k"] = nil }
        #expect(edited.htJSONString() == #"{"name":"Ivy"}"#)
        #expect(edited != label)
    }
}
