import Foundation
import HTModel
import Testing

/// An open integer enum, as generated for an OpenAPI `type: integer` schema with an `enum`.
private struct HTPriority: HTIntegerEnum {
    let rawValue: Int
    init(rawValue: Int) { self.rawValue = rawValue }
    static let low: HTPriority = 1
    static let high: HTPriority = 2
    static let knownValues: [HTPriority] = [low, high]
}

/// A closed integer enum: strict mapping refuses values it does not list.
private struct HTClosedCode: HTIntegerEnum {
    let rawValue: Int
    init(rawValue: Int) { self.rawValue = rawValue }
    static let ok: HTClosedCode = 0
    static let knownValues: [HTClosedCode] = [ok]
    static let htRejectsUnknownValues = true
}

/// A union as the OpenAPI generator writes one (see `HTMappingContext.attempt`): a ticket (a model with
/// required fields), a priority, or whatever else as raw JSON.
private enum HTTicketOrPriority: HTJSONValueConvertible, Sendable, Equatable {
    case ticket(HTTicket)
    case priority(HTPriority)
    case unknown(HTJSON)

    static func htDecode(_ json: HTJSON, context: inout HTMappingContext) -> HTTicketOrPriority? {
        switch json["kind"]?.stringValue {
        case "ticket": return HTTicket.htDecode(json, context: &context).map(Self.ticket)
        default: break
        }
        if let ticket = context.attempt(HTTicket.self, json) { return .ticket(ticket) }
        if let priority = context.attempt(HTPriority.self, json) { return .priority(priority) }
        return .unknown(json)
    }

    var htJSON: HTJSON {
        switch self {
        case .ticket(let ticket): return ticket.htJSON
        case .priority(let priority): return priority.htJSON
        case .unknown(let json): return json
        }
    }

    static var htTypeDescription: String { "HTTicketOrPriority" }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.htJSON == rhs.htJSON }
}

@Suite("OpenAPI model runtime: HTNoContent, HTIntegerEnum, attempt")
struct OpenAPIModelRuntimeTests {
    // MARK: HTNoContent

    @Test("HTNoContent maps from null, empty objects and any other value, and writes null")
    func noContent() throws {
        for text in ["null", "{}", #"{"a": [1, 2]}"#, "\"text\"", "0", "[]"] {
            let json = try HTJSON(parsing: text)
            #expect(try HTNoContent.htMap(json, options: .strict) == HTNoContent())
        }
        #expect(HTNoContent().htJSON == .null)
    }

    // MARK: HTIntegerEnum

    @Test("an integer enum reads integers, integral doubles and integer strings; keeps unknown values")
    func integerEnumOpen() throws {
        #expect(try HTPriority.htMap(.integer(2)) == .high)
        #expect(try HTPriority.htMap(.double(1.0)) == .low)
        #expect(try HTPriority.htMap(.string("2")) == .high)
        #expect(try HTPriority.htMap(try HTJSON(parsing: "1")) == .low)
        let unknown = try HTPriority.htMap(.integer(9), options: .strict)
        #expect(unknown.rawValue == 9 && !unknown.isKnown && HTPriority.high.isKnown)
        #expect(HTPriority.high.htJSON == .integer(2))
        #expect("\(HTPriority.low)" == "1")
        #expect([HTPriority.high, 9].map(\.rawValue) == [2, 9])
        #expect(HTPriority.high.htJSON.serializedString() == "2")
    }

    @Test("an integer enum refuses fractions, booleans, other strings, arrays and objects")
    func integerEnumMismatches() throws {
        for json: HTJSON in [.double(1.5), .bool(true), .string("high"), .array([1]), .object(["a": 1])] {
            var context = HTMappingContext()
            #expect(HTPriority.htDecode(json, context: &context) == nil)
            #expect(context.diagnostics.count == 1)
            #expect(context.diagnostics.first?.message.hasPrefix("expected HTPriority (integer), found") == true)
        }
    }

    @Test("strict mode rejects unknown integers for a closed enum or with rejectsUnknownEnumValues, only then")
    func integerEnumClosed() throws {
        #expect(try HTClosedCode.htMap(.integer(7)).rawValue == 7)
        do {
            _ = try HTClosedCode.htMap(.integer(7), options: .strict)
            Issue.record("a closed enum took an unknown value in strict mode")
        } catch {
            #expect(error.message == "unknown value 7 of HTClosedCode; known values: 0")
        }
        #expect(try HTClosedCode.htMap(.integer(0), options: .strict) == .ok)
        #expect(try HTPriority.htMap(.integer(9), options: .strict).rawValue == 9)
        let rejecting = HTMappingOptions(strict: true, rejectsUnknownEnumValues: true)
        #expect(throws: HTMappingError.self) { try HTPriority.htMap(.integer(9), options: rejecting) }
        #expect(try HTPriority.htMap(.integer(2), options: rejecting) == .high)
        // Lenient mapping keeps the value even when the options ask to reject.
        #expect(
            try HTPriority.htMap(.integer(9), options: HTMappingOptions(rejectsUnknownEnumValues: true)).rawValue == 9)
    }

    // MARK: attempt

    @Test("attempt returns the value when the type takes the JSON cleanly")
    func attemptSuccess() throws {
        let context = HTMappingContext()
        let ticket = context.attempt(HTTicket.self, try HTJSON(parsing: #"{"id": 7, "owner_name": "Ann"}"#))
        #expect(ticket?.id == 7 && ticket?.ownerName == "Ann")
        #expect(context.attempt(HTPriority.self, .integer(2)) == .high)
        #expect(context.attempt(HTJSON.self, .null) == .null)
    }

    @Test("attempt returns nil and leaves no diagnostic in the caller's context when the type refuses")
    func attemptFailureLeavesNoDiagnostics() throws {
        var context = HTMappingContext(options: .lenient, path: HTJSONPath(keyPath: "data.pet"))
        context.report("an earlier diagnostic")
        // A model missing a required field (lenient mapping would keep it with a diagnostic).
        #expect(context.attempt(HTTicket.self, try HTJSON(parsing: #"{"owner_name": "Ann"}"#)) == nil)
        // A field of the wrong type inside.
        #expect(context.attempt(HTTicket.self, try HTJSON(parsing: #"{"id": "x", "owner_name": "Ann"}"#)) == nil)
        #expect(context.attempt(HTPriority.self, .string("high")) == nil)
        #expect(context.attempt(HTTicket.self, .null) == nil)
        #expect(context.attempt(Int.self, .array([])) == nil)
        #expect(context.diagnostics.map(\.description) == ["data.pet: an earlier diagnostic"])
        #expect(context.path == [.key("data"), .key("pet")])
    }

    @Test("attempt keeps the caller's enum options: a closed value refused only where the caller refuses it")
    func attemptEnumOptions() {
        let lenient = HTMappingContext()
        #expect(lenient.attempt(HTPriority.self, .integer(9))?.rawValue == 9)
        #expect(lenient.attempt(HTClosedCode.self, .integer(9)) == nil)  // strict and closed
        let rejecting = HTMappingContext(options: HTMappingOptions(rejectsUnknownEnumValues: true))
        #expect(rejecting.attempt(HTPriority.self, .integer(9)) == nil)
    }

    @Test("a generated-style union picks the first alternative that fits, else keeps the raw JSON")
    func unionThroughAttempt() throws {
        var context = HTMappingContext()
        let ticketJSON = try HTJSON(parsing: #"{"id": 1, "owner_name": "Bo"}"#)
        let ticket = HTTicketOrPriority.htDecode(ticketJSON, context: &context)
        guard case .ticket(let value)? = ticket else {
            Issue.record("expected a ticket, got \(String(describing: ticket))")
            return
        }
        #expect(value.id == 1)
        #expect(HTTicketOrPriority.htDecode(.string("2"), context: &context) == .priority(.high))
        let odd = try HTJSON(parsing: #"{"owner_name": "no id"}"#)
        #expect(HTTicketOrPriority.htDecode(odd, context: &context) == .unknown(odd))
        #expect(context.diagnostics.isEmpty)
        // In an array, inside a lenient response: nothing fails, nothing is reported.
        let list = try [HTTicketOrPriority].htMap(try HTJSON(parsing: #"[{"id": 3, "owner_name": "C"}, 1, true]"#))
        #expect(list.count == 3)
        #expect(list.dropFirst().first == .priority(.low))
        #expect(list.last == .unknown(.bool(true)))
        // The discriminator names an alternative: it maps in the caller's context, with its diagnostics.
        let named = try HTJSON(parsing: #"{"kind": "ticket", "owner_name": "D"}"#)
        var strictContext = HTMappingContext(options: .lenient)
        guard case .ticket? = HTTicketOrPriority.htDecode(named, context: &strictContext) else {
            Issue.record("the discriminator did not pick the ticket")
            return
        }
        #expect(strictContext.diagnostics.map(\.description) == [#"id: missing required field "id""#])
    }
}
