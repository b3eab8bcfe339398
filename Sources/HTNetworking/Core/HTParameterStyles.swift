import Foundation
import HTModel

/// How generated OpenAPI requests write the parameter styles the runtime does not apply itself: query
/// arrays joined (`form` without `explode`, `spaceDelimited`, `pipeDelimited`), objects flattened
/// (`form` with `explode`, `deepObject`), header values as text, cookies into one `Cookie` header,
/// values described by JSON `content` as their JSON text, and bodies that are not models. Generated code calls these (`@_spi(Generated)`), so each style has one
/// implementation, tested once, instead of a copy in every generated file.
@_spi(Generated)
public enum HTParameterStyles {
    /// An array's values (an object's keys and values) as one text joined by `separator`: OpenAPI's
    /// `form` without `explode`, `spaceDelimited`, `pipeDelimited` and `simple`. Any other value as it is.
    public static func joined(_ value: HTJSON, _ separator: String) -> HTJSON {
        var texts: [String] = []
        switch value {
        case .array(let elements):
            for element in elements { texts.append(HTValueCoercion.string(element) ?? "") }
        case .object(let object):
            for member in object {
                texts.append(member.key)
                texts.append(HTValueCoercion.string(member.value) ?? "")
            }
        default:
            return value
        }
        return .string(texts.joined(separator: separator))
    }

    /// An object's members as parameters of their own (OpenAPI's `form` with `explode`); any other
    /// value as `name`.
    public static func appendMembers(_ name: String, _ value: HTJSON, to parameters: inout HTJSONObject) {
        guard case .object(let object) = value else {
            parameters.append(name, value)
            return
        }
        for member in object { parameters.append(member.key, member.value) }
    }

    /// An object's members as `name[key]` parameters (OpenAPI's `deepObject`), a nested object's as
    /// `name[key][inner]`, and so on; any other value as `name`.
    public static func appendDeepObject(_ name: String, _ value: HTJSON, to parameters: inout HTJSONObject) {
        appendDeep(name, value, indexingArrays: false, to: &parameters)
    }

    /// `value` under `name` with a `[key]` for every level of objects and, with `indexingArrays`, an
    /// `[index]` for every level of arrays (`null` left out); without it, an array is the value of its
    /// name (the query then repeats the name).
    private static func appendDeep(
        _ name: String, _ value: HTJSON, indexingArrays: Bool, to parameters: inout HTJSONObject
    ) {
        switch value {
        case .object(let object):
            for member in object {
                appendDeep(name + "[" + member.key + "]", member.value, indexingArrays: indexingArrays, to: &parameters)
            }
        case .array(let elements) where indexingArrays:
            for (index, element) in elements.enumerated() {
                appendDeep(name + "[" + String(index) + "]", element, indexingArrays: true, to: &parameters)
            }
        case .null where indexingArrays:
            return
        default:
            parameters.append(name, value)
        }
    }

    /// A value as its JSON text (a parameter described by JSON `content`): `{"min":1}` is the string
    /// `{"min":1}`, which the query, a header or a cookie then encodes as it encodes any text.
    public static func jsonText(_ value: HTJSON) -> HTJSON {
        .string(value.serializedString())
    }

    /// A header's text: a scalar's text, an array's values joined by commas (OpenAPI's `simple`). A
    /// line break in it is refused when the request is built (``HTNetworkingError/Kind/invalidRequest(_:)``).
    public static func headerText(_ value: HTJSON) -> String {
        HTValueCoercion.string(joined(value, ",")) ?? ""
    }

    /// Adds `name=value` to the `Cookie` header, after the pairs already there (`; `-separated). The
    /// value is sent as RFC 6265 allows: its cookie-octets unchanged (a base64 token `c2Vz+/=` arrives
    /// as it is, also at servers that do not percent-decode cookies), anything else percent-encoded, so
    /// a value can never end its pair or add another cookie: `a; admin=1` is sent as `a%3B%20admin=1`.
    /// The name is a token: `=` in it is percent-encoded too.
    public static func appendCookie(_ name: String, _ value: HTJSON, to headers: inout [String: String]) {
        let pair = HTCookieText.name(name) + "=" + HTCookieText.value(headerText(value))
        if let existing = headers["Cookie"] {
            headers.updateValue(existing + "; " + pair, forKey: "Cookie")
        } else {
            headers.updateValue(pair, forKey: "Cookie")
        }
    }

    /// The fields of a form body that is not a model: an object's members; nothing for any other value.
    public static func formObject(_ value: HTJSON) -> HTJSONObject {
        guard case .object(let object) = value else { return HTJSONObject() }
        return object
    }

    /// Writes the field `name` of a form body in the style its `encoding` gives (OpenAPI's style table),
    /// in its place among the other fields:
    /// - `deepObject`: an object's members as `name[key]`, an array's elements as `name[index]`, nested
    ///   ones likewise (`metadata[plan]=pro`, `items[0][price]=p_1`, as payment APIs read them);
    /// - `form` with `explode`: an object's members as fields of their own, an array as its key repeated;
    /// - `form` without `explode`, `spaceDelimited`, `pipeDelimited`: an array's (an object's keys and)
    ///   values joined by `,`, ` ` or `|`.
    /// `null` values are left out, as in any form body.
    public static func restyleFormField(
        _ name: String, style: String, explode: Bool, in fields: inout HTJSONObject
    ) {
        guard let value = fields[name] else { return }
        switch value {
        case .object, .array: break
        default: return
        }
        var restyled = HTJSONObject()
        for member in fields {
            guard member.key == name else {
                restyled.append(member.key, member.value)
                continue
            }
            switch style {
            case "deepObject":
                appendDeep(name, value, indexingArrays: true, to: &restyled)
            case "form" where explode:
                if case .object(let object) = value {
                    for inner in object { restyled.append(inner.key, inner.value) }
                } else {
                    restyled.append(name, value)
                }
            case "spaceDelimited":
                restyled.append(name, joined(value, " "))
            case "pipeDelimited":
                restyled.append(name, joined(value, "|"))
            default:
                restyled.append(name, joined(value, ","))
            }
        }
        fields = restyled
    }

    /// The parts of a multipart body that is not a model: one part per member of an object.
    public static func multipartParts(_ value: HTJSON) -> [HTMultipartPart] {
        guard case .object(let object) = value else { return [] }
        return object.map { HTMultipartPart(name: $0.key, value: $0.value) }
    }

    /// A file part of a multipart body model's binary field `name`: named as `file` says, else after
    /// the field; typed as `file` says, else `contentType` (the document's, or
    /// `application/octet-stream`); with the headers among `headers` that are set.
    public static func filePart(
        _ name: String, _ data: Data, _ file: HTMultipartFileInfo?, contentType: String,
        headers: [String: String?] = [:]
    ) -> HTMultipartPart {
        HTMultipartPart(
            name: name, data: data, fileName: file?.fileName ?? name, contentType: file?.contentType ?? contentType,
            headers: partHeaders(headers))
    }

    /// ``filePart(_:_:_:contentType:headers:)`` for the file at `index` of a field of several files,
    /// described by the element of `files` at that position, if there is one.
    public static func filePart(
        _ name: String, _ data: Data, files: [HTMultipartFileInfo]?, at index: Int, contentType: String,
        headers: [String: String?] = [:]
    ) -> HTMultipartPart {
        let file = files.flatMap { index < $0.count ? $0[index] : nil }
        return filePart(name, data, file, contentType: contentType, headers: headers)
    }

    /// The headers of a part that are set.
    public static func partHeaders(_ headers: [String: String?]) -> [String: String] {
        headers.compactMapValues { $0 }
    }
}
