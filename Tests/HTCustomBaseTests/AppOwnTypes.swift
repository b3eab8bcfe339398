import HTNetworking

// The app's own value types. `htcodegen.json` maps the ledger's `Money` schema and its `account-id`
// format to them (`{"appType": ...}` in `fieldTypes`): generated models and requests use them as they
// are, and the mapper reads and writes them through `HTJSONValueConvertible`.

/// An amount in cents of a currency, read from `{"cents": 1250, "currency": "EUR"}`.
struct Cash: HTJSONValueConvertible, Hashable {
    var cents: Int64
    var currency: String

    static func htDecode(_ json: HTJSON, context: inout HTMappingContext) -> Cash? {
        guard case .object(let object) = json,
            case .integer(let cents)? = object.members.first(where: { $0.key == "cents" })?.value,
            case .string(let currency)? = object.members.first(where: { $0.key == "currency" })?.value
        else {
            context.reportMismatch(expected: htTypeDescription, found: json)
            return nil
        }
        return Cash(cents: cents, currency: currency)
    }

    var htJSON: HTJSON { .object(["cents": .integer(cents), "currency": .string(currency)]) }

    static var htTypeDescription: String { "Cash" }
}

/// An account number, sent and read as its string.
struct AccountNumber: HTJSONValueConvertible, Hashable {
    var text: String

    static func htDecode(_ json: HTJSON, context: inout HTMappingContext) -> AccountNumber? {
        guard case .string(let text) = json else {
            context.reportMismatch(expected: htTypeDescription, found: json)
            return nil
        }
        return AccountNumber(text: text)
    }

    var htJSON: HTJSON { .string(text) }

    static var htTypeDescription: String { "account number" }
}
