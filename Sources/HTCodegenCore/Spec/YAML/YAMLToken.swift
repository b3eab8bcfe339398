/// One token of a YAML character stream, as ``YAMLScanner`` hands it to ``YAMLComposer``.
struct YAMLToken: Sendable {
    /// What the token is.
    enum Kind: Sendable, Equatable {
        case streamStart, streamEnd
        /// `%YAML` or `%TAG` (or a reserved directive, which is ignored): `text` is the name,
        /// `handle` and `suffix` the `%TAG` handle and prefix.
        case directive
        case documentStart, documentEnd
        case blockSequenceStart, blockMappingStart, blockEnd
        case flowSequenceStart, flowMappingStart, flowSequenceEnd, flowMappingEnd
        case key, value, blockEntry, flowEntry
        /// `*name`: `text` is the name.
        case alias
        /// `&name`: `text` is the name.
        case anchor
        /// `!handle!suffix`, `!suffix`, `!<verbatim>`: `handle` and `suffix`.
        case tag
        /// A scalar: `text` is its value, `style` how it was written.
        case scalar
    }

    /// How a scalar was written; only plain scalars are resolved by the core schema.
    enum ScalarStyle: Sendable, Equatable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    /// What the token is.
    var kind: Kind
    /// The line of its first character, from 1.
    var line: Int
    /// The column of its first character, from 0 (indentation is measured from 0).
    var column: Int
    /// The scalar's value, the alias's or anchor's name, the directive's name.
    var text: String = ""
    /// A tag's handle (`!`, `!!`, `!name!`; empty for a verbatim tag), a `%TAG` directive's handle.
    var handle: String = ""
    /// A tag's suffix, a `%TAG` directive's prefix.
    var suffix: String = ""
    /// A scalar's style.
    var style: ScalarStyle = .plain

    /// A word for the token, for messages: `'-'`, `a scalar`, `the end of the file`.
    var description: String {
        switch kind {
        case .streamStart: return "the start of the file"
        case .streamEnd: return "the end of the file"
        case .directive: return "a directive '%\(text)'"
        case .documentStart: return "'---'"
        case .documentEnd: return "'...'"
        case .blockSequenceStart: return "a block sequence"
        case .blockMappingStart: return "a block mapping"
        case .blockEnd: return "a less indented line (the end of a block collection)"
        case .flowSequenceStart: return "'['"
        case .flowMappingStart: return "'{'"
        case .flowSequenceEnd: return "']'"
        case .flowMappingEnd: return "'}'"
        case .key: return "a key"
        case .value: return "':'"
        case .blockEntry: return "'-'"
        case .flowEntry: return "','"
        case .alias: return "the alias '*\(text)'"
        case .anchor: return "the anchor '&\(text)'"
        case .tag: return "the tag '\(handle)\(suffix)'"
        case .scalar:
            let shown = text.count > 20 ? String(text.prefix(20)) + "..." : text
            return "the scalar '\(shown)'"
        }
    }
}
