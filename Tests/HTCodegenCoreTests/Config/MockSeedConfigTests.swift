import Foundation
import Testing

@testable import HTCodegenCore

/// `"mockSeed"` in `htcodegen.json`: the seed of the values generated mock answers draw; the same seed
/// gives the same `+Mocks.swift` bytes, another seed other values.
@Suite struct MockSeedConfigTests {
    static func config(_ text: String) throws -> (GeneratorConfig, [Diagnostic]) {
        GeneratorConfig.read(try JSONDocumentParser.parse(Array(text.utf8), file: "htcodegen.json"))
    }

    /// The `+Mocks.swift` text `Specs/mocks.openapi.yaml` generates with `configText`.
    static func mocksFile(_ configText: String) throws -> String {
        let (config, diagnostics) = try config(configText)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let (files, _) = try Generator.generate(
            specBytes: Array(MockSynthesizerTests.document.utf8), file: "mocks.openapi.yaml", config: config)
        return try #require(files.contents.first { $0.name.hasSuffix("+Mocks.swift") }).text
    }

    @Test func theSeedDefaultsToTheMocksDefaultAndIsRead() throws {
        #expect(GeneratorConfig().mockSeed == MockAnswer.defaultSeed)
        #expect(try Self.config(#"{"mockSeed": 42}"#).0.mockSeed == 42)
        #expect(try Self.config(#"{"mockSeed": 18446744073709551615}"#).0.mockSeed == UInt64.max)
    }

    @Test func theSameSeedGivesTheSameBytesAndAnotherSeedOtherValues() throws {
        let first = try Self.mocksFile(#"{"mocks": true, "mockSeed": 7}"#)
        #expect(try Self.mocksFile(#"{"mocks": true, "mockSeed": 7}"#) == first)
        #expect(try Self.mocksFile(#"{"mocks": true, "mockSeed": 8}"#) != first)
        // Without the key, the default seed.
        let defaulted = try Self.mocksFile(#"{"mocks": true}"#)
        #expect(defaulted == (try Self.mocksFile(#"{"mocks": true, "mockSeed": \#(MockAnswer.defaultSeed)}"#)))
        #expect(defaulted != first)
    }

    @Test func aSeedThatIsNotAWholeNumberIsAnErrorAtItsPosition() throws {
        for text in [
            #"{"mockSeed": -1}"#, #"{"mockSeed": 1.5}"#, #"{"mockSeed": "7"}"#, #"{"mockSeed": 18446744073709551616}"#,
        ] {
            let (_, diagnostics) = try Self.config(text)
            #expect(diagnostics.count == 1, "\(text)")
            #expect(
                diagnostics.first?.location == SourceLocation(file: "htcodegen.json", line: 1, column: 14), "\(text)")
            #expect(diagnostics.first?.message.hasPrefix(#""mockSeed" must be a whole number"#) == true, "\(text)")
        }
    }
}
