import HTModel

extension HTJSON {
    /// The value the parser gives back for this value's serialized text: every `.double` holding a whole
    /// number of magnitude at most 2^53 becomes the `.integer` it is written as (`5.0` is written `5`,
    /// `-0.0` is written `0`), and every `.double` whose shortest text has more than 15 significant
    /// digits becomes what the parser makes of that text: the exact `.number` (`0.30000000000000004`), or
    /// the `.integer` of a whole one in `Int64`'s range. Everything else is unchanged.
    var wholeDoublesAsIntegers: HTJSON {
        switch self {
        case .double(let value):
            if value.magnitude <= 9_007_199_254_740_992, value.rounded(.towardZero) == value {
                return .integer(Int64(value))
            }
            if let number = HTJSONNumber(value.description),
                number.significantDigitCount > HTJSONNumber.digitsExactInDouble
            {
                return number.json
            }
            return self
        case .array(let elements):
            return .array(elements.map(\.wholeDoublesAsIntegers))
        case .object(let object):
            return .object(
                HTJSONObject(members: object.members.map { .init(key: $0.key, value: $0.value.wholeDoublesAsIntegers) })
            )
        default:
            return self
        }
    }
}
