/// One page of results: the mapped response, and the total the body gives (``HTPaging/totalKeyPath``).
public struct HTPage<Value> {
    /// The page's response: its mapped value, raw response and diagnostics.
    public var response: HTResponse<Value>
    /// Which page it is, from 0.
    public var index: Int
    /// The total number of items the body gives, if the paging names it.
    public var total: Int?

    /// The page's mapped value.
    public var value: Value { response.value }
}

extension HTPage: Sendable where Value: Sendable {}
