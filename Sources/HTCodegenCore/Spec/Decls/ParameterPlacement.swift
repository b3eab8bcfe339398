/// Where an input parameter is sent.
///
/// Native specs and NEI exports leave it to the runtime (``automatic``): path parameters fill the path,
/// the rest go into the query string (GET, HEAD, DELETE) or the body. An OpenAPI document says where
/// each parameter goes (`in: path|query|header|cookie`), and the request sends it exactly there.
package enum ParameterPlacement: Sendable, Hashable {
    /// The runtime's rule (native specs, NEI exports).
    case automatic
    /// A path segment (`{id}` or `:id` in the path), in style `simple` without `explode`: an array's
    /// (an object's keys and) values joined with commas.
    case path
    /// A path parameter in another style: the request's path template writes it with the operator of
    /// RFC 6570 that OpenAPI's style stands for (`{.id}`, `{;id*}`), and the runtime fills it so.
    case styledPath(PathStyle)
    /// The query string, written in the given style, whatever the method and whether or not the request
    /// has a body.
    case query(QueryStyle)
    /// A request header of that name (the field's name).
    case header
    /// A cookie of that name, sent in the `Cookie` header.
    case cookie

    /// Whether it is a path parameter, in any style.
    package var isPath: Bool {
        switch self {
        case .path, .styledPath: return true
        default: return false
        }
    }
}

/// A path parameter's OpenAPI style other than `simple` without `explode` (``ParameterPlacement/path``).
package enum PathStyle: Sendable, Hashable {
    /// `simple` with `explode`: an object is `x=1,y=2` (scalars and arrays as without `explode`).
    case simpleExploded
    /// `label`: `.5`, `.3,4` (exploded `.3.4`), `.x,1,y,2` (exploded `.x=1.y=2`).
    case label(explode: Bool)
    /// `matrix`: `;id=5`, `;id=3,4` (exploded `;id=3;id=4`), `;id=x,1,y,2` (exploded `;x=1;y=2`).
    case matrix(explode: Bool)

    /// The parameter's name in the path template the runtime fills: RFC 6570's operator (`.`, `;`)
    /// before it, `*` after it when exploded.
    package func templateName(_ name: String) -> String {
        switch self {
        case .simpleExploded: return name + "*"
        case .label(let explode): return "." + name + (explode ? "*" : "")
        case .matrix(let explode): return ";" + name + (explode ? "*" : "")
        }
    }
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
