import Testing

@Test func placeholder_HTGeneratedClientTests() { #expect(Bool(true)) }
