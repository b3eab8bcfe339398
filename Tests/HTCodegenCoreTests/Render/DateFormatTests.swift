import Testing

@testable import HTCodegenCore

/// Date formats: per field (`"format"`), spec-wide (`"dateFormat"`), rendered into the accessor table
/// and the request parameters, and every mistake reported where it is written.
@Suite struct DateFormatTests {
    static func generate(_ spec: String) throws -> (models: String, requests: String, [String]) {
        let (files, diagnostics) = try Generator.generate(
            specBytes: Array(spec.utf8), file: "d.htspec.json", config: GeneratorConfig())
        return (files.contents[0].text, files.contents[1].text, diagnostics.map(\.description))
    }

    static func errors(_ spec: String) -> [String] {
        do {
            _ = try Generator.generate(specBytes: Array(spec.utf8), file: "d.htspec.json", config: GeneratorConfig())
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    /// A spec with one Date field and one Date input, both with `format`.
    static func spec(format: String, defaultFormat: String? = nil, type: String = "Date") -> String {
        let spread = defaultFormat.map { "\"dateFormat\": \($0), " } ?? ""
        return """
            {"htspec": 1, \(spread)"types": {"Event": {"fields": {"at": {"type": "\(type)", "format": \(format)}}}},
             "interfaces": {"Events": {"method": "GET", "path": "/events", "inputs": {
               "since": {"type": "\(type)", "format": \(format), "required": true},
               "until": {"type": "\(type)", "format": \(format)}}}}}
            """
    }

    @Test(arguments: [
        (#""iso8601""#, ".iso8601"),
        (#""iso8601WithFractionalSeconds""#, ".iso8601WithFractionalSeconds"),
        (#""dateOnly""#, ".dateOnly"),
        (#""secondsSince1970""#, ".secondsSince1970"),
        (#""millisecondsSince1970""#, ".millisecondsSince1970"),
        (
            #"{"pattern": "yyyy-MM-dd HH:mm", "timeZone": "Asia/Shanghai"}"#,
            #".pattern("yyyy-MM-dd HH:mm", timeZone: TimeZone(identifier: "Asia/Shanghai"))"#
        ),
        (#"{"pattern": "yyyy/MM/dd"}"#, #".pattern("yyyy/MM/dd")"#),
        (#"{"pattern": "yyyy\"MM\\dd \\(x)"}"#, #".pattern("yyyy\"MM\\dd \\(x)")"#),
    ])
    func everySpellingIsRenderedInAccessorsAndParameters(format: String, swift: String) throws {
        let (models, requests, diagnostics) = try Self.generate(Self.spec(format: format))
        #expect(diagnostics.isEmpty)
        #expect(models.contains(".init(\"at\", dateFormat: \(swift), \\.at),"))
        #expect(requests.contains("parameters.append(\"since\", self.since.htJSON(dateFormat: \(swift)))"))
        #expect(
            requests.contains(
                "if let value = self.until { parameters.append(\"until\", value.htJSON(dateFormat: \(swift))) }"))
    }

    @Test func theArgumentOrderIsNameKeyPresenceDateFormatKeyPath() throws {
        let spec = """
            {"htspec": 1, "types": {"Event": {"fields": {
              "createdAt": {"type": "Date", "format": "millisecondsSince1970", "required": true}}}}}
            """
        let (models, _, _) = try Self.generate(spec)
        #expect(
            models.contains(
                ".init(\"createdAt\", presence: .required, dateFormat: .millisecondsSince1970, \\.createdAt.htSlot),"
            ))
        let renamed = """
            {"htspec": 1, "types": {"Event": {"fields": {
              "created-at": {"type": "Date", "format": "dateOnly", "required": true}}}}}
            """
        let (renamedModels, _, _) = try Self.generate(renamed)
        #expect(
            renamedModels.contains(
                ".init(\"createdAt\", key: \"created-at\", presence: .required, dateFormat: .dateOnly, \\.createdAt.htSlot),"
            ))
    }

    @Test func datesInArraysMapsAndNamedArrayTypesTakeAFormat() throws {
        let spec = """
            {"htspec": 1, "types": {"Days": {"array": "Date"}, "Event": {"fields": {
              "days": {"type": "[Date]", "format": "dateOnly"},
              "byCity": {"type": "[String: [Date]]", "format": "secondsSince1970"},
              "named": {"type": "Days", "format": "iso8601"}}}}}
            """
        let (models, _, diagnostics) = try Self.generate(spec)
        #expect(diagnostics.isEmpty)
        #expect(models.contains(".init(\"days\", dateFormat: .dateOnly, \\.days),"))
        #expect(models.contains(".init(\"byCity\", dateFormat: .secondsSince1970, \\.byCity),"))
        #expect(models.contains(".init(\"named\", dateFormat: .iso8601, \\.named),"))
    }

    @Test func theSpecWideFormatAppliesToDateFieldsWithoutTheirOwn() throws {
        let spec = """
            {"htspec": 1, "dateFormat": "secondsSince1970", "types": {"Event": {"fields": {
              "at": "Date", "days": "[Date]", "own": {"type": "Date", "format": "dateOnly"}, "count": "Integer"}}},
             "interfaces": {"Events": {"method": "GET", "path": "/e", "inputs": {"since": "Date", "page": "Integer"}}}}
            """
        let (models, requests, _) = try Self.generate(spec)
        #expect(models.contains(".init(\"at\", dateFormat: .secondsSince1970, \\.at),"))
        #expect(models.contains(".init(\"days\", dateFormat: .secondsSince1970, \\.days),"))
        #expect(models.contains(".init(\"own\", dateFormat: .dateOnly, \\.own),"))
        #expect(models.contains(".init(\"count\", \\.count),"))
        #expect(requests.contains("value.htJSON(dateFormat: .secondsSince1970)"))
        #expect(requests.contains("if let value = self.page { parameters.append(\"page\", value.htJSON) }"))
    }

    @Test func withoutAFormatNothingIsRendered() throws {
        let (models, requests, _) = try Self.generate(
            #"{"htspec": 1, "types": {"E": {"fields": {"at": "Date"}}}, "interfaces": {"S": {"method": "GET", "path": "/s", "inputs": {"at": "Date"}}}}"#
        )
        #expect(models.contains(".init(\"at\", \\.at),"))
        #expect(requests.contains("if let value = self.at { parameters.append(\"at\", value.htJSON) }"))
    }

    @Test func anUnknownFormatIsPositionedWithASuggestion() {
        #expect(
            Self.errors(#"{"htspec": 1, "types": {"E": {"fields": {"at": {"type": "Date", "format": "iso8061"}}}}}"#)
                == [
                    "d.htspec.json:1:75: error: unknown date format 'iso8061' (did you mean 'iso8601'?); use one of iso8601, iso8601WithFractionalSeconds, dateOnly, secondsSince1970, millisecondsSince1970, or {\"pattern\": \"yyyy-MM-dd HH:mm\"}"
                ])
        #expect(
            Self.errors(#"{"htspec": 1, "dateFormat": "unix", "types": {}}"#) == [
                "d.htspec.json:1:29: error: unknown date format 'unix'; use one of iso8601, iso8601WithFractionalSeconds, dateOnly, secondsSince1970, millisecondsSince1970, or {\"pattern\": \"yyyy-MM-dd HH:mm\"}"
            ])
    }

    @Test func aPatternNeedsText() {
        #expect(
            Self.errors(
                #"{"htspec": 1, "types": {"E": {"fields": {"at": {"type": "Date", "format": {"pattern": " "}}}}}}"#)
                == [
                    "d.htspec.json:1:87: error: \"pattern\" must be a DateFormatter pattern such as \"yyyy-MM-dd HH:mm\", found an empty string"
                ])
        #expect(
            Self.errors(
                #"{"htspec": 1, "types": {"E": {"fields": {"at": {"type": "Date", "format": {"timeZone": "UTC"}}}}}}"#)
                == [
                    "d.htspec.json:1:75: error: a date format object needs \"pattern\", such as {\"pattern\": \"yyyy-MM-dd HH:mm\"}"
                ])
        #expect(
            Self.errors(#"{"htspec": 1, "dateFormat": {"pattern": "yyyy", "zone": "UTC"}, "types": {}}"#) == [
                "d.htspec.json:1:49: error: unknown key 'zone' in the date format; expected one of: pattern, timeZone"
            ])
        #expect(
            Self.errors(#"{"htspec": 1, "dateFormat": 1970, "types": {}}"#) == [
                "d.htspec.json:1:29: error: \"dateFormat\" must be a date format name such as \"iso8601\" or an object such as {\"pattern\": \"yyyy-MM-dd\"}, found a number"
            ])
    }

    @Test func anUnknownTimeZoneIsAWarning() throws {
        let (_, _, diagnostics) = try Self.generate(
            Self.spec(format: #"{"pattern": "HH:mm", "timeZone": "Mars/Olympus_Mons"}"#))
        #expect(diagnostics.count == 3)
        #expect(
            diagnostics.first
                == "d.htspec.json:1:112: warning: 'Mars/Olympus_Mons' is not a time zone identifier this machine knows (such as \"Asia/Shanghai\" or \"UTC\"); where the app finds no such time zone, the pattern is read and written in UTC"
        )
    }

    @Test func aFormatOnAFieldWithoutDatesIsPositioned() {
        #expect(
            Self.errors(
                #"{"htspec": 1, "types": {"E": {"fields": {"price": {"type": "Decimal", "format": "iso8601"}}}}}"#)
                == [
                    "d.htspec.json:1:81: error: a date format applies only to a field whose type holds a Date (Date, [Date], [String: Date], ...); 'price' of type 'E' is Decimal"
                ])
        #expect(
            Self.errors(
                #"{"htspec": 1, "interfaces": {"S": {"method": "GET", "path": "/s", "inputs": {"n": {"type": "[String: Int64]", "format": "dateOnly"}}}}}"#
            ) == [
                "d.htspec.json:1:121: error: a date format applies only to a field whose type holds a Date (Date, [Date], [String: Date], ...); 'n' of interface 'S' is [String: Int64]"
            ])
    }
}
