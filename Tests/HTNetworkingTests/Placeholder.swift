import Testing

@Test func placeholder_HTNetworkingTests() { #expect(Bool(true)) }
