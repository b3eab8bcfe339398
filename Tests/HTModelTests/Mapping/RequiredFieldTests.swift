import Foundation
import HTModel
import Testing

/// Fields the spec marks `"required": true`: a missing or null one is a diagnostic with its JSON path in
/// lenient mode (the value stays `nil`) and an `HTMappingError` in strict mode.
@Suite("Required fields")
struct RequiredFieldTests {
    private func map(_ text: String, options: HTMappingOptions = .lenient) throws -> (HTTicket, [HTMappingDiagnostic]) {
        let (ticket, diagnostics) = try HTTicket.htMapped(from: try Fixture.json(text), options: options)
        return (ticket, diagnostics)
    }

    @Test("present required fields: no diagnostic, in either mode")
    func present() throws {
        let (ticket, diagnostics) = try map(#"{"id": 7, "owner_name": "Ann"}"#, options: .strict)
        #expect(diagnostics.isEmpty)
        #expect(ticket.id == 7 && ticket.ownerName == "Ann" && ticket.note == nil)
    }

    @Test("lenient: a missing or null required field is a diagnostic at its key, the rest still maps")
    func lenient() throws {
        let (ticket, diagnostics) = try map(#"{"owner_name": null, "note": "hi"}"#)
        #expect(ticket.note == "hi" && ticket.id == nil && ticket.ownerName == nil)
        #expect(
            diagnostics.map(\.description) == [
                #"id: missing required field "id""#,
                #"owner_name: required field "ownerName" is null"#,
            ])
    }

    @Test("strict: a 200 body of the wrong shape fails with the path of the first missing field")
    func strict() throws {
        let json = try Fixture.json(#"{"unrelated": true}"#)
        do {
            _ = try HTTicket(json: json, options: .strict)
            Issue.record("a body without the required fields mapped")
        } catch {
            #expect(error.path.description == "id")
            #expect(error.message == #"missing required field "id""#)
        }
    }

    @Test("nested: the path includes where the object was; implicit key matches count as present")
    func nestedAndImplicit() throws {
        let json = try Fixture.json(#"{"tickets": [{"id": 1, "ownerName": "Bo"}, {"id": 2}]}"#)
        var context = HTMappingContext(options: .lenient)
        guard case .object(let root) = json, case .array(let items)? = root["tickets"] else {
            Issue.record("fixture shape")
            return
        }
        var mapped: [HTTicket] = []
        for (index, item) in items.enumerated() {
            let before = context.diagnosticCount
            var ticket = HTTicket()
            if case .object(let object) = item {
                ticket = HTTicket.htMapping.model(from: object, context: &context) ?? ticket
            }
            if context.diagnosticCount != before {
                context.prefixDiagnostics(since: before, with: [.key("tickets"), .index(index)])
            }
            mapped.append(ticket)
        }
        // `ownerName` reached `owner_name` through implicit key matching: present.
        #expect(mapped[0].ownerName == "Bo")
        #expect(
            context.diagnostics.map(\.description) == [#"tickets[1].owner_name: missing required field "ownerName""#])
    }

    @Test("the accessor table says which fields are required")
    func table() {
        #expect(HTTicket.htAccessors.map(\.isRequired) == [true, true, false, false])
        #expect(HTTicket.baseTypePropertyList == ["id", "ownerName", "note"])
    }
}
