import Testing

@testable import HTCodegenCore

/// Issue #38, part 2: a form body's `encoding` entries give its fields their styles.
@Suite struct OpenAPIFormEncodingTests {
    typealias T = OpenAPITestSupport

    static let document = """
        openapi: 3.0.3
        info: {title: T, version: "1"}
        paths:
          /charges:
            post:
              operationId: createCharge
              requestBody:
                content:
                  application/x-www-form-urlencoded:
                    schema:
                      type: object
                      properties:
                        metadata: {type: object, additionalProperties: {type: string}}
                        tags: {type: array, items: {type: string}}
                        ids: {type: array, items: {type: string}}
                        card: {type: object, properties: {number: {type: string}}}
                        plain: {type: object, properties: {a: {type: string}}}
                    encoding:
                      metadata: {style: deepObject, explode: true}
                      tags: {style: form, explode: false}
                      ids: {style: pipeDelimited}
                      card: {style: matrix}
                      plain: {contentType: application/json}
              responses:
                "204": {description: Done.}
        """

    @Test func eachStyledFieldIsReadAndAStyleAFormCannotHaveIsAWarning() throws {
        let (document, diagnostics) = try T.read(Self.document)
        let body = try #require(T.interface("createCharge", in: document).body)
        #expect(
            body.encoding
                == .form(styles: [
                    .init(name: "metadata", style: "deepObject", explode: true),
                    .init(name: "tags", style: "form", explode: false),
                    .init(name: "ids", style: "pipeDelimited", explode: false),
                ]))
        let warning = try #require(diagnostics.first { $0.message.contains("'matrix'") })
        #expect(warning.message.contains("form field 'card'") && warning.location.line == 22)
    }

    @Test func theRequestRestylesOnlyThoseFields() throws {
        let (files, _) = try Generator.generate(
            specBytes: Array(Self.document.utf8), file: "c.openapi.yaml", config: GeneratorConfig())
        let requests = try #require(files.contents.first { $0.name.hasSuffix("+Requests.swift") }).text
        for line in [
            "var fields = HTParameterStyles.formObject(value.htRequestJSON)",
            #"HTParameterStyles.restyleFormField("metadata", style: "deepObject", explode: true, in: &fields)"#,
            #"HTParameterStyles.restyleFormField("tags", style: "form", explode: false, in: &fields)"#,
            #"HTParameterStyles.restyleFormField("ids", style: "pipeDelimited", explode: false, in: &fields)"#,
            "return .form(fields)",
        ] {
            #expect(requests.contains(line), "no \(line) in\n\(requests)")
        }
        #expect(!requests.contains(#"restyleFormField("card""#) && !requests.contains(#"restyleFormField("plain""#))
    }
}
