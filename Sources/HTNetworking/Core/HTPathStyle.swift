import HTModel

/// How a path parameter named with an RFC 6570 operator is written: OpenAPI's `label` (`{.id}`),
/// `matrix` (`{;id}`) and exploded (`{id*}`, `{.id*}`, `{;id*}`) path styles, which come from RFC 6570.
///
/// | Value        | `simple` (`{id}`) | `{id*}`     | `{.id}`      | `{.id*}`     | `{;id}`          | `{;id*}`          |
/// |--------------|-------------------|-------------|--------------|--------------|------------------|-------------------|
/// | `5`          | `5`               | `5`         | `.5`         | `.5`         | `;id=5`          | `;id=5`           |
/// | `[3, 4]`     | `3,4`             | `3,4`       | `.3,4`       | `.3.4`       | `;id=3,4`        | `;id=3;id=4`      |
/// | `{x: 1, y: 2}` | `x,1,y,2`       | `x=1,y=2`   | `.x,1,y,2`   | `.x=1.y=2`   | `;id=x,1,y,2`    | `;x=1;y=2`        |
///
/// Every name and value is percent-encoded outside RFC 3986's unreserved characters, so a value never
/// adds a delimiter of its own or leaves its segment; an empty matrix value is `;id` (RFC 6570).
struct HTPathStyle {
    /// The parameter's name, without the operator and `*`.
    var key: String
    /// `.` (label), `;` (matrix) or nothing (simple).
    var prefix: String
    /// `*`: each element or member on its own.
    var explode: Bool

    /// The style a template name asks for; `nil` when it names no operator and no `*`.
    init?(_ name: Substring) {
        var key = name
        var prefix = ""
        if let first = key.first, first == "." || first == ";" {
            prefix = String(first)
            key = key.dropFirst()
        }
        explode = key.last == "*"
        if explode { key = key.dropLast() }
        guard !key.isEmpty, !prefix.isEmpty || explode else { return nil }
        self.key = String(key)
        self.prefix = prefix
    }

    /// `value` as the style writes it; `nil` for `null`, which fills no path.
    func text(_ value: HTJSON) -> String? {
        let name = HTFormEncoding.escape(key)
        switch value {
        case .null:
            return nil
        case .array(let elements):
            let texts = elements.map(Self.escaped)
            guard !texts.isEmpty else { return "" }
            if prefix == ";" {
                return explode
                    ? texts.map { ";" + name + "=" + $0 }.joined() : ";" + name + "=" + texts.joined(separator: ",")
            }
            return prefix + texts.joined(separator: explode && !prefix.isEmpty ? prefix : ",")
        case .object(let object):
            let pairs = object.map { (HTFormEncoding.escape($0.key), Self.escaped($0.value)) }
            guard !pairs.isEmpty else { return "" }
            if explode {
                let items = pairs.map { $0.0 + "=" + $0.1 }
                return prefix + items.joined(separator: prefix.isEmpty ? "," : prefix)
            }
            let flat = pairs.flatMap { [$0.0, $0.1] }.joined(separator: ",")
            return prefix == ";" ? ";" + name + "=" + flat : prefix + flat
        default:
            let text = Self.escaped(value)
            if prefix == ";" { return ";" + name + (text.isEmpty ? "" : "=" + text) }
            return prefix + text
        }
    }

    /// A scalar's text, percent-encoded (a nested array or object is its JSON text).
    private static func escaped(_ value: HTJSON) -> String {
        switch value {
        case .array, .object: return HTFormEncoding.escape(value.serializedString())
        default: return HTFormEncoding.escape(HTValueCoercion.string(value) ?? "")
        }
    }
}
