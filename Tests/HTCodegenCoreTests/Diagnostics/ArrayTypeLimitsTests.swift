import Testing

@testable import HTCodegenCore

/// Named array types and nested arrays at scale: a cycle is one error whatever its length, and arrays
/// nested deeper than ``TypeRef/maxArrayDepth`` are a positioned error (the compiler never finished
/// a field nested 10,000 arrays deep). Sizes and counts are asserted, never durations.
@Suite struct ArrayTypeLimitsTests {
    /// Every diagnostic of `spec` as printed (``DiagnosticTests/diagnostics(_:)``).
    func diagnostics(_ spec: String) -> [String] {
        DiagnosticTests().diagnostics(spec)
    }

    /// `count` array types `T0` → `T1` → ... and a model that uses `T0`, one type per line; the last
    /// element is `last` (`"T0"` closes a ring).
    func chain(_ count: Int, last: String) -> String {
        var lines = [#"{"htspec": 1, "types": {"#, #"  "M": {"fields": {"f": "T0"}},"#]
        for index in 0..<count {
            let element = index == count - 1 ? last : "T\(index + 1)"
            lines.append(#"  "T\#(index)": {"array": "\#(element)"}"# + (index == count - 1 ? "" : ","))
        }
        lines.append("}}")
        return lines.joined(separator: "\n")
    }

    @Test func aRingOfArrayTypesIsOneBoundedError() {
        // 1,000 types printed 1,001 errors that each listed the whole ring (9 MB).
        for count in [2, 1_000, 2_000] {
            let found = diagnostics(chain(count, last: "T0"))
            #expect(found.count == 1, "\(count) types: \(found.count) diagnostics")
            let message = found.first ?? ""
            #expect(message.utf8.count < 400, "\(count) types: \(message.utf8.count) bytes")
            #expect(message.hasPrefix("x.htspec.json:3:19: error: array type 'T0' contains itself (T0 → T1 → "))
            if count > 2 {
                #expect(message.hasSuffix("T\(count - 1) → T0; \(count) types)"), "\(message)")
            }
        }
    }

    @Test func cyclesAreReportedOncePerCycle() {
        let spec = """
            {"htspec": 1, "types": {
              "A": {"array": "B"}, "B": {"array": "A"}, "C": {"array": "C"},
              "D": {"array": "A"}, "M": {"fields": {"a": "A", "d": "[D]", "c": "C"}}
            }}
            """
        #expect(
            diagnostics(spec) == [
                "x.htspec.json:2:18: error: array type 'A' contains itself (A → B → A)",
                "x.htspec.json:2:60: error: array type 'C' contains itself (C → C)",
            ])
    }

    @Test func arraysNestedTooDeepInOneTypeAreAPositionedError() {
        let deep = String(repeating: "[", count: 10_000) + "String" + String(repeating: "]", count: 10_000)
        let found = diagnostics(#"{"htspec": 1, "types": {"M": {"fields": {"f": "\#(deep)"}}}}"#)
        #expect(
            found == [
                "x.htspec.json:1:47: error: the type nests arrays 10000 levels deep; at most \(TypeRef.maxArrayDepth) are supported"
            ])
        let fits = String(repeating: "[", count: 32) + "String" + String(repeating: "]", count: 32)
        #expect(diagnostics(#"{"htspec": 1, "types": {"M": {"fields": {"f": "\#(fits)"}}}}"#) == [])
    }

    @Test func arraysNestedTooDeepThroughNamedTypesAreOneError() {
        // 10,000 array types, each the array of the next: one error, where the nesting passes the limit.
        let found = diagnostics(chain(10_000, last: "String"))
        #expect(found.count == 1, "\(found.count) diagnostics")
        #expect(
            found.first
                == "x.htspec.json:9970:22: error: array type 'T9967' nests arrays 33 levels deep; at most \(TypeRef.maxArrayDepth) are supported"
        )
        // A reference that adds levels to a type within the limit.
        let spec = """
            {"htspec": 1, "types": {"L": {"array": "\(String(repeating: "[", count: 31))String\(String(repeating: "]", count: 31))"},
              "M": {"fields": {"ok": "L", "deep": "[[L]]"}}}}
            """
        #expect(
            diagnostics(spec) == [
                "x.htspec.json:2:39: error: the type nests arrays 34 levels deep; at most \(TypeRef.maxArrayDepth) are supported"
            ])
    }
}
