import Testing

@testable import HTNetworking

@Suite("Reading a Content-Length field")
struct DeclaredLengthTests {
    @Test("one length of digits, up to the largest Int64 and past it")
    func digits() {
        #expect(HTDeclaredLength.parse("0") == .bytes(0))
        #expect(HTDeclaredLength.parse("9822") == .bytes(9822))
        #expect(HTDeclaredLength.parse("000123") == .bytes(123))
        #expect(HTDeclaredLength.parse("999999999999999999") == .bytes(999_999_999_999_999_999))
        #expect(HTDeclaredLength.parse("9223372036854775807") == .bytes(Int64.max))
        #expect(HTDeclaredLength.parse("9223372036854775808") == .tooLarge)
        #expect(HTDeclaredLength.parse("12345678901234567890123") == .tooLarge)
    }

    @Test("lists of equal values, spaces, and what is not a length")
    func others() {
        #expect(HTDeclaredLength.parse("9, 9") == .bytes(9))
        #expect(HTDeclaredLength.parse(" 9\t") == .bytes(9))
        for invalid in ["", "9, 10", "9x", "+9", "-1", "٩", "9,"] {
            #expect(HTDeclaredLength.parse(invalid) == .invalid, "\(invalid)")
        }
    }
}
