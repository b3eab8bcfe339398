import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Redaction of text: URLs, query strings and form bodies, free text (error messages), mapping
/// diagnostics and errors. Everything works on UTF-8 bytes and leaves text without secrets unchanged.
extension HTLogRedaction {
    /// `url` with the values of secret query parameters (see ``isSecretQueryParameter(_:)``), secret
    /// fragment parameters (`#access_token=...`) and the whole userinfo of the authority (`user@`,
    /// `user:password@`: a token is often passed as a user name alone) replaced by `<redacted>`.
    ///
    /// Parameters are separated by `&` or `;` (servers take either), and a path segment's matrix
    /// parameters (`/p;jsessionid=...`) are redacted the same way. Parameter names are percent-decoded
    /// (and `+` read as a space) before they are compared, so `access%5Ftoken` is `access_token`; every
    /// occurrence of a repeated parameter is redacted; a parameter without `=` is searched once decoded
    /// (`access_token%3D...` is a secret whose `=` was encoded), and otherwise kept. The percent-encoded value of another
    /// parameter is decoded and searched with ``redactedText(_:)`` (a URL or JSON text passed as a
    /// parameter); when it held a secret it is written encoded again, with `<redacted>` in it. Anything
    /// else is kept byte for byte.
    ///
    /// ```swift
    /// HTLogRedaction().redactedURL("https://api.example.com/me?access_token=abc&page=2")
    /// // "https://api.example.com/me?access_token=<redacted>&page=2"
    /// ```
    package func redactedURL(_ url: String) -> String {
        guard
            url.utf8.contains(where: { $0 == Byte.question || $0 == Byte.hash || $0 == Byte.at || $0 == Byte.semicolon }
            )
        else { return url }
        let bytes = Array(url.utf8)
        let hashIndex = bytes.firstIndex(of: Byte.hash) ?? bytes.endIndex
        let queryIndex = bytes[..<hashIndex].firstIndex(of: Byte.question) ?? hashIndex
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 16)
        let head = bytes[..<queryIndex]
        if let scheme = Self.firstIndex(of: Byte.schemeSeparator, in: head) {
            let authorityStart = scheme + Byte.schemeSeparator.count
            let authorityEnd = head[authorityStart...].firstIndex(of: Byte.slash) ?? head.endIndex
            output += head[..<authorityStart]
            appendRedactingUserinfo(head[authorityStart..<authorityEnd], to: &output)
            appendRedactingMatrixParameters(head[authorityEnd...], to: &output)
        } else {
            appendRedactingMatrixParameters(head, to: &output)
        }
        if queryIndex < hashIndex {
            output.append(Byte.question)
            appendRedactedPairs(bytes[(queryIndex + 1)..<hashIndex], to: &output)
        }
        if hashIndex < bytes.endIndex {
            output.append(Byte.hash)
            appendRedactedPairs(bytes[(hashIndex + 1)...], to: &output)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// `url` as text with its secrets redacted (see ``redactedURL(_:)-(String)``).
    package func redactedURL(_ url: URL) -> String {
        redactedURL(url.absoluteString)
    }

    /// A query string or form body (`name=value&...`, without the `?`) with the values of secret
    /// parameters replaced by `<redacted>`.
    package func redactedQuery(_ query: String) -> String {
        let bytes = Array(query.utf8)
        guard bytes.contains(Byte.equals) else { return query }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 16)
        appendRedactedPairs(bytes[...], to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Free text (an error message, a body that is neither JSON nor a form) with secrets redacted
    /// wherever they look like one of:
    ///
    /// - `name=value` (the value ends at whitespace or one of `&#"',;)]}<>`): after `?`, `&`, `#`, `;` or
    ///   at the start of the text (a URL's query, a query string), when the name is a secret query
    ///   parameter; elsewhere only when it is a secret body field name or matches a pattern (so
    ///   `password=x` is redacted anywhere, but `Code=-1004` in an error's text is not);
    /// - `"name": value` or `'name': value` with a secret body field name (JSON or similar inside the
    ///   text); a quoted value is replaced whole, an object or array is left to be searched in turn;
    /// - `scheme://user:password@host` and `scheme://user@host` (the whole userinfo);
    /// - any of these percent-encoded (`access_token%3D...`), searched once decoded.
    package func redactedText(_ text: String) -> String {
        let bytes = Array(text.utf8)
        guard
            bytes.contains(where: {
                $0 == Byte.equals || $0 == Byte.quote || $0 == Byte.apostrophe || $0 == Byte.at || $0 == Byte.percent
            })
        else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 16)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == Byte.quote || byte == Byte.apostrophe, let end = quotedMember(in: bytes, at: index) {
                output += bytes[index..<end.valueStart]
                output += Byte.quotedPlaceholder
                index = end.valueEnd
            } else if byte == Byte.colon, bytes[index...].starts(with: Byte.schemeSeparator) {
                let authorityStart = index + Byte.schemeSeparator.count
                let authorityEnd =
                    bytes[authorityStart...].firstIndex(where: Byte.endsAuthorityInText) ?? bytes.endIndex
                output += Byte.schemeSeparator
                appendRedactingUserinfo(bytes[authorityStart..<authorityEnd], to: &output)
                index = authorityEnd
            } else if Byte.isNameByte(byte), index == 0 || !Byte.isNameByte(bytes[index - 1]) {
                var end = index
                while end < bytes.count && Byte.isNameByte(bytes[end]) { end += 1 }
                if end < bytes.count, bytes[end] == Byte.equals {
                    var valueEnd = end + 1
                    while valueEnd < bytes.count && !Byte.endsValueInText(bytes[valueEnd]) { valueEnd += 1 }
                    let name = Self.decodedName(bytes[index..<end])
                    if isSecretName(name, after: index == 0 ? nil : bytes[index - 1]) {
                        output += bytes[index...end]
                        output += Byte.placeholder
                        index = valueEnd
                    } else if let nested = redactedEncodedValue(bytes[(end + 1)..<valueEnd]) {
                        output += bytes[index...end]
                        output += nested
                        index = valueEnd
                    } else {
                        output += bytes[index...end]
                        index = end + 1
                    }
                } else {
                    // A name whose `=` was percent-encoded (`access_token%3D...`) is searched decoded.
                    output += redactedEncodedValue(bytes[index..<end]) ?? Array(bytes[index..<end])
                    index = end
                }
            } else {
                output.append(byte)
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// A mapping diagnostic or failure (`path: message`) for a log or an error description: when a key
    /// of `path` is a secret body field, what was found there is replaced by `<redacted>` (the message
    /// keeps what was expected); otherwise the message goes through ``redactedText(_:)``.
    package func redactedDiagnostic(path: HTJSONPath, message: String) -> String {
        let secret = path.components.contains { component in
            if case .key(let key) = component { return isSecretBodyField(key) }
            return false
        }
        guard secret else { return "\(path): \(redactedText(message))" }
        let bytes = Array(message.utf8)
        guard let found = Self.lastIndex(of: Byte.found, in: bytes[...]) else { return "\(path): \(Self.placeholder)" }
        let kept = String(decoding: bytes[..<(found + Byte.found.count)], as: UTF8.self)
        return "\(path): \(redactedText(kept))\(Self.placeholder)"
    }

    /// An error as text for a log: an ``HTNetworkingError``'s redacted description, a URL error's code
    /// and message (its `userInfo`, which holds the whole URL, is left out), anything else described and
    /// passed through ``redactedText(_:)``.
    package func redactedDescription(of error: any Error) -> String {
        if let error = error as? HTNetworkingError { return error.description(redactingWith: self) }
        if let error = error as? URLError {
            return "\(redactedText(error.localizedDescription)) (URLError \(error.code.rawValue))"
        }
        let nsError = error as NSError
        if nsError.domain == NSURLErrorDomain {
            return "\(redactedText(nsError.localizedDescription)) (URLError \(nsError.code))"
        }
        return redactedText(String(describing: error))
    }

    // MARK: Pieces

    /// Whether a `name=` in free text, after the byte `previous` (`nil` at the start), names a secret.
    private func isSecretName(_ name: String, after previous: UInt8?) -> Bool {
        switch previous {
        case nil, Byte.question?, Byte.ampersand?, Byte.hash?, UInt8(ascii: ";")?:
            return isSecretQueryParameter(name)
        default:
            return isSecretBodyField(name)
        }
    }

    /// Appends `name=value&...` (or `;`-separated) with secret values redacted.
    private func appendRedactedPairs(_ bytes: ArraySlice<UInt8>, to output: inout [UInt8]) {
        guard bytes.contains(where: { $0 == Byte.equals || $0 == Byte.percent }) else {
            output += bytes
            return
        }
        var start = bytes.startIndex
        while start <= bytes.endIndex {
            let end = bytes[start...].firstIndex { $0 == Byte.ampersand || $0 == Byte.semicolon } ?? bytes.endIndex
            appendRedactedPair(bytes[start..<end], to: &output)
            guard end < bytes.endIndex else { break }
            output.append(bytes[end])
            start = end + 1
        }
    }

    /// Appends the path `bytes` with the values of secret matrix parameters (`;name=value` up to the next
    /// `;` or `/`) redacted.
    private func appendRedactingMatrixParameters(_ bytes: ArraySlice<UInt8>, to output: inout [UInt8]) {
        guard let first = bytes.firstIndex(of: Byte.semicolon) else {
            output += bytes
            return
        }
        output += bytes[..<first]
        var index = first
        while index < bytes.endIndex {
            let byte = bytes[index]
            output.append(byte)
            index += 1
            guard byte == Byte.semicolon else { continue }
            let end = bytes[index...].firstIndex { $0 == Byte.semicolon || $0 == Byte.slash } ?? bytes.endIndex
            appendRedactedPair(bytes[index..<end], to: &output)
            index = end
        }
    }

    /// Appends one `name=value` with its value redacted when the name is secret; one without `=` is
    /// searched once percent-decoded (an encoded `=`).
    private func appendRedactedPair(_ pair: ArraySlice<UInt8>, to output: inout [UInt8]) {
        guard let equals = pair.firstIndex(of: Byte.equals) else {
            output += redactedEncodedValue(pair) ?? Array(pair)
            return
        }
        if isSecretQueryParameter(Self.decodedName(pair[..<equals])) {
            output += pair[...equals]
            output += Byte.placeholder
        } else if let nested = redactedEncodedValue(pair[(equals + 1)...]) {
            output += pair[...equals]
            output += nested
        } else {
            output += pair
        }
    }

    /// A percent-encoded value that holds secrets once decoded (a URL or JSON text passed as a
    /// parameter, `?next=https%3A...%3Faccess_token%3D...`), redacted and encoded again; `nil` when it
    /// holds none.
    private func redactedEncodedValue(_ value: ArraySlice<UInt8>) -> [UInt8]? {
        guard value.contains(Byte.percent) else { return nil }
        let decoded = Self.decodedName(value)
        let redacted = redactedText(decoded)
        guard redacted != decoded else { return nil }
        let encodedPlaceholder = HTFormEncoding.escape(Self.placeholder)
        return Array(
            HTFormEncoding.escape(redacted).replacingOccurrences(of: encodedPlaceholder, with: Self.placeholder).utf8)
    }

    /// Appends an authority (`userinfo@host:port`) with the whole userinfo redacted: a user name alone
    /// (`https://TOKEN@host`) is as often a credential as a password is.
    private func appendRedactingUserinfo(_ authority: ArraySlice<UInt8>, to output: inout [UInt8]) {
        guard let at = authority.lastIndex(of: Byte.at) else {
            output += authority
            return
        }
        output += Byte.placeholder
        output += authority[at...]
    }

    /// When a quoted secret member name starts at `start` (`"password": ...`), where its value starts and
    /// ends; `nil` otherwise (including when the value is an object or array, searched in turn).
    private func quotedMember(in bytes: [UInt8], at start: Int) -> (valueStart: Int, valueEnd: Int)? {
        let quote = bytes[start]
        guard let nameEnd = Self.closingQuote(quote, in: bytes, after: start) else { return nil }
        var index = nameEnd + 1
        while index < bytes.count && Byte.isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] == Byte.colon else { return nil }
        index += 1
        while index < bytes.count && Byte.isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] != Byte.openBrace, bytes[index] != Byte.openBracket else { return nil }
        let name = String(decoding: bytes[(start + 1)..<nameEnd], as: UTF8.self)
        guard isSecretBodyField(name) else { return nil }
        if bytes[index] == Byte.quote || bytes[index] == Byte.apostrophe {
            guard let valueEnd = Self.closingQuote(bytes[index], in: bytes, after: index) else {
                return (index, bytes.count)
            }
            return (index, valueEnd + 1)
        }
        var valueEnd = index
        while valueEnd < bytes.count && !Byte.endsScalarInText(bytes[valueEnd]) { valueEnd += 1 }
        return (index, valueEnd)
    }

    /// The index of the quote that closes the string opened at `start`, skipping backslash escapes.
    private static func closingQuote(_ quote: UInt8, in bytes: [UInt8], after start: Int) -> Int? {
        var index = start + 1
        while index < bytes.count {
            if bytes[index] == Byte.backslash {
                index += 2
                continue
            }
            if bytes[index] == quote { return index }
            if bytes[index] == Byte.newline { return nil }
            index += 1
        }
        return nil
    }

    /// A parameter name (or value) percent-decoded, with `+` as a space (invalid escapes are kept as they are).
    static func decodedName(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(where: { $0 == Byte.percent || $0 == Byte.plus }) else {
            return String(decoding: bytes, as: UTF8.self)
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == Byte.percent, index + 2 < bytes.endIndex, let high = Byte.hexValue(bytes[index + 1]),
                let low = Byte.hexValue(bytes[index + 2])
            {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(byte == Byte.plus ? Byte.space : byte)
                index += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// Where `needle` first stands in `bytes` (a byte search: with Foundation imported, `String`'s
    /// searches are NSString's, and slow).
    static func firstIndex(of needle: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var index = bytes.startIndex
        while index + needle.count <= bytes.endIndex {
            if bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    private static func lastIndex(of needle: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var index = bytes.endIndex - needle.count
        while index >= bytes.startIndex {
            if bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index -= 1
        }
        return nil
    }
}

/// The bytes the text redaction looks for.
private enum Byte {
    static let question = UInt8(ascii: "?")
    static let hash = UInt8(ascii: "#")
    static let at = UInt8(ascii: "@")
    static let equals = UInt8(ascii: "=")
    static let ampersand = UInt8(ascii: "&")
    static let semicolon = UInt8(ascii: ";")
    static let colon = UInt8(ascii: ":")
    static let slash = UInt8(ascii: "/")
    static let quote = UInt8(ascii: "\"")
    static let apostrophe = UInt8(ascii: "'")
    static let backslash = UInt8(ascii: "\\")
    static let percent = UInt8(ascii: "%")
    static let plus = UInt8(ascii: "+")
    static let space = UInt8(ascii: " ")
    static let newline = UInt8(ascii: "\n")
    static let openBrace = UInt8(ascii: "{")
    static let openBracket = UInt8(ascii: "[")
    static let schemeSeparator = Array("://".utf8)
    static let found = Array("found ".utf8)
    static let placeholder = Array(HTLogRedaction.placeholder.utf8)
    static let quotedPlaceholder = Array("\"\(HTLogRedaction.placeholder)\"".utf8)

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == space || byte == UInt8(ascii: "\t") || byte == newline || byte == UInt8(ascii: "\r")
    }

    /// Letters, digits and `_-.%+[]`: what a parameter name in free text is made of.
    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "%"), UInt8(ascii: "+"),
            UInt8(ascii: "["),
            UInt8(ascii: "]"):
            return true
        default:
            return false
        }
    }

    /// Where a `name=value` value ends in free text.
    static func endsValueInText(_ byte: UInt8) -> Bool {
        switch byte {
        case ampersand, hash, quote, apostrophe, UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ")"),
            UInt8(ascii: "]"),
            UInt8(ascii: "}"), UInt8(ascii: "<"), UInt8(ascii: ">"):
            return true
        default:
            return isSpace(byte)
        }
    }

    /// Where an unquoted `"name": value` value ends in free text.
    static func endsScalarInText(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || isSpace(byte)
    }

    /// Where a URL's authority ends in free text.
    static func endsAuthorityInText(_ byte: UInt8) -> Bool {
        byte == slash || byte == question || byte == hash || endsValueInText(byte) && byte != ampersand
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
