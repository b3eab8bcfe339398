import Testing

@Test func placeholder_HTModelTests() { #expect(Bool(true)) }
