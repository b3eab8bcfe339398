import Foundation

/// A URL path pattern such as `/users/:id/photos` (RestKit's path patterns, from SOCKit).
///
/// Rules:
/// - The pattern and the path are split into segments at `/`; empty segments are ignored, so leading,
///   trailing and doubled slashes make no difference. A query (`?…`) or fragment (`#…`) is ignored.
///   A path matches only with as many segments as the pattern.
/// - Within a segment, `:name` (letters, digits, `_`) or `{name}` is a parameter that matches one or
///   more characters of that segment, never a `/`; everything else is literal and must match exactly.
///   A parameter may share a segment with literals (`:id.json`); when several parameters could split a
///   segment, each takes as few characters as the rest allows.
/// - Path segments are percent-decoded before they are compared and captured, after splitting, so
///   `%2F` inside a parameter stays in that parameter.
/// - A `:` or `{` that does not start a parameter (`a:`, `{}`) is literal. Parsing never fails.
///
/// When several patterns match a path, ``isMoreSpecific(than:)`` orders them: see there.
public struct HTPathPattern: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// One piece of a segment.
    enum Piece: Sendable, Hashable {
        case literal([Character])
        case parameter(String)
    }

    /// The pattern as written.
    public let pattern: String
    /// The segments, each a list of pieces.
    let segments: [[Piece]]

    /// Parses a pattern (see the type's rules).
    public init(_ pattern: String) {
        self.pattern = pattern
        self.segments = Self.segments(of: Self.stripQuery(pattern)).map { Self.pieces(of: Array($0)) }
    }

    /// Parses a pattern written as a literal: `"/users/:id"`.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The parameter names in order of appearance.
    public var parameterNames: [String] {
        segments.flatMap { $0.compactMap { if case .parameter(let name) = $0 { name } else { nil } } }
    }

    /// The pattern as written.
    public var description: String { pattern }

    // MARK: Matching

    /// The parameters captured from `path` when it matches, else `nil`.
    ///
    /// `path` is a URL path as sent (percent-encoded), optionally with a query:
    /// `HTPathPattern("/users/:id").match("/users/7?page=2")` is `["id": "7"]`.
    public func match(_ path: String) -> [String: String]? {
        let pathSegments = Self.segments(of: Self.stripQuery(path)).map { segment in
            Array(String(segment).removingPercentEncoding ?? String(segment))
        }
        guard pathSegments.count == segments.count else { return nil }
        var captures: [String: String] = [:]
        for (pieces, characters) in zip(segments, pathSegments) {
            var failed: Set<Int> = []
            guard Self.match(pieces, 0, characters, 0, &captures, &failed) else { return nil }
        }
        return captures
    }

    /// Whether `path` matches (see ``match(_:)``).
    public func matches(_ path: String) -> Bool {
        match(path) != nil
    }

    /// Matches `pieces[piece...]` against `characters[position...]`, parameters lazily. `failed`
    /// remembers (piece, position) pairs known not to match, so the work is bounded by
    /// pieces × characters² even for patterns with many parameters in one segment.
    private static func match(
        _ pieces: [Piece], _ piece: Int, _ characters: [Character], _ position: Int,
        _ captures: inout [String: String], _ failed: inout Set<Int>
    ) -> Bool {
        if piece == pieces.count { return position == characters.count }
        let key = piece * (characters.count + 1) + position
        if failed.contains(key) { return false }
        switch pieces[piece] {
        case .literal(let literal):
            let end = position + literal.count
            if end <= characters.count, characters[position..<end].elementsEqual(literal),
                match(pieces, piece + 1, characters, end, &captures, &failed)
            {
                return true
            }
        case .parameter(let name):
            if position < characters.count {
                for end in (position + 1)...characters.count
                where match(pieces, piece + 1, characters, end, &captures, &failed) {
                    captures[name] = String(characters[position..<end])
                    return true
                }
            }
        }
        failed.insert(key)
        return false
    }

    // MARK: Specificity

    /// Whether this pattern is more specific than `other`, for choosing between patterns that match
    /// the same path.
    ///
    /// Segments are compared from the left; at the first segment whose kind differs, a literal
    /// segment beats one mixing literals and parameters, which beats a parameter alone
    /// (`/users/me` over `/users/:id.json` over `/users/:id`). When every segment is of the same kind,
    /// the pattern with more literal characters wins; otherwise neither is more specific.
    public func isMoreSpecific(than other: HTPathPattern) -> Bool {
        let mine = segmentKinds
        let theirs = other.segmentKinds
        for (left, right) in zip(mine, theirs) where left != right {
            return left > right
        }
        if mine.count != theirs.count { return mine.count > theirs.count }
        return literalCount > other.literalCount
    }

    /// 2 for a literal segment, 1 for a mixed one, 0 for a parameter alone.
    private var segmentKinds: [Int] {
        segments.map { pieces in
            let parameters = pieces.filter { if case .parameter = $0 { true } else { false } }.count
            return parameters == 0 ? 2 : parameters == pieces.count ? 0 : 1
        }
    }

    private var literalCount: Int {
        segments.joined().reduce(0) { total, piece in
            if case .literal(let characters) = piece { return total + characters.count }
            return total
        }
    }

    // MARK: Parsing

    private static func stripQuery(_ text: String) -> Substring {
        text[..<(text.firstIndex { $0 == "?" || $0 == "#" } ?? text.endIndex)]
    }

    private static func segments(of path: Substring) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        character == "_" || (character.isASCII && (character.isLetter || character.isNumber))
    }

    private static func pieces(of characters: [Character]) -> [Piece] {
        var pieces: [Piece] = []
        var literal: [Character] = []
        func flush() {
            if !literal.isEmpty { pieces.append(.literal(literal)) }
            literal = []
        }
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == ":" {
                var end = index + 1
                while end < characters.count, isNameCharacter(characters[end]) { end += 1 }
                if end > index + 1 {
                    flush()
                    pieces.append(.parameter(String(characters[(index + 1)..<end])))
                    index = end
                    continue
                }
            } else if character == "{", let close = characters[(index + 1)...].firstIndex(of: "}"),
                close > index + 1, !characters[(index + 1)..<close].contains("{")
            {
                flush()
                pieces.append(.parameter(String(characters[(index + 1)..<close])))
                index = close + 1
                continue
            }
            literal.append(character)
            index += 1
        }
        flush()
        return pieces
    }
}
