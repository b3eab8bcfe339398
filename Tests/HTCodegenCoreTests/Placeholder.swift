import Testing

@Test func placeholder_HTCodegenCoreTests() { #expect(Bool(true)) }
