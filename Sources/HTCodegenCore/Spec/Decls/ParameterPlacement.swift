/// Where an input parameter is sent.
///
/// Native specs and NEI exports leave it to the runtime (``automatic``): path parameters fill the path,
/// the rest go into the query string (GET, HEAD, DELETE) or the body. An OpenAPI document says where
/// each parameter goes (`in: path|query|header|cookie`), and the request sends it exactly there.
package enum ParameterPlacement: Sendable, Hashable {
    /// The runtime's rule (native specs, NEI exports).
    case automatic
    /// A path segment (`{id}` or `:id` in the path).
    case path
    /// The query string, written in the given style, whatever the method and whether or not the request
    /// has a body.
    case query(QueryStyle)
    /// A request header of that name (the field's name).
    case header
    /// A cookie of that name, sent in the `Cookie` header.
    case cookie
}

/// How an array or object query parameter is written (OpenAPI's `style` and `explode`). Scalars are
/// `name=value` in every style.
package enum QueryStyle: Sendable, Hashable {
    /// `form`, `explode: true` (OpenAPI's default): `ids=1&ids=2`.
    case formExploded
    /// `form`, `explode: false`: `ids=1,2`.
    case formCommaSeparated
    /// `spaceDelimited`: `ids=1%202`.
    case spaceDelimited
    /// `pipeDelimited`: `ids=1|2`.
    case pipeDelimited
    /// `deepObject` (objects only): `filter[name]=x&filter[age]=3`.
    case deepObject
}
