/// The compiled form of an ``HTObjectMapping``: everything the mapper needs per object, in flat tables
/// that are not generic, built once per mapping.
///
/// ## The hot path
/// For each object, one pass over its members looks every member name up in a hash table of the mapped
/// keys (by its UTF-8 bytes; see ``HTMappingKeyTable``) and, only when that fails and implicit matching
/// is on, in a table of canonical keys. A second pass hands each member that won its property to that
/// slot's decoder, the closure of the property's ``HTPropertyAccessor``: specialised for the property,
/// it writes the field of the storage being filled directly, with the value converted by code specialised for its type.
/// Nothing is hashed as a `String`, no path is pushed (see ``HTMappingContext``), and no existential is
/// touched. Hooks are looked at only when the model has some (``hasDecodeHooks``), which is decided
/// when the plan is built, and so are additional properties (``additional``): a model without them
/// pays one test per object.
final class HTMappingPlan: Sendable {
    /// Per slot: the JSON key path, one component per object level.
    let keyPaths: [[String]]
    /// Per slot: the property's name (for a transform without a property, the key path).
    let names: [String]
    /// Per slot: the accessor's decoder, which sets the field of a storage; `nil` for a transform that
    /// has no property. This array owns the boxes; the mapper calls them through ``decoders``.
    private let decoderBoxes: [DecoderBox?]
    /// The boxes of ``decoderBoxes``, unretained, so that calling a decoder costs no retain and release
    /// of its box or its closure. Safe: `decoderBoxes` is an immutable property of this object, so every
    /// box lives as long as the plan, and the plan only calls them from its own methods.
    let decoders: [Unmanaged<DecoderBox>?]
    /// Per slot: the accessor's encoder, which reads the field of a model as JSON; `nil` for a transform
    /// that has no property.
    let encoders: [(@Sendable (AnyObject) -> HTJSON?)?]
    /// Per slot: the accessor's writer; `nil` for a transform that has no property.
    let writers: [(@Sendable (AnyObject, HTJSONWriter) -> Bool)?]
    /// Per slot: the custom conversion from JSON, if the model has one for this key path.
    let fromJSON: [Decoder?]
    /// Per slot: the custom conversion to JSON, if the model has one for this key path.
    let toJSON: [(@Sendable (AnyObject) -> HTJSON?)?]
    /// Per slot: whether the property is on the model's serialisation blacklist.
    let blacklisted: [Bool]
    /// The slots whose field is required (``HTPropertyAccessor/isRequired``): checked against the member
    /// that won each slot while mapping.
    let requiredSlots: [Int]
    /// Per slot: what the mapper requires of the key (``HTFieldPresence``).
    let presence: [HTFieldPresence]
    /// Per slot: whether the field of a storage has a value (``HTPropertyAccessor/isSet``); `nil` for a
    /// transform that has no property.
    let isSet: [(@Sendable (UnsafeRawPointer) -> Bool)?]
    /// Per slot: whether the field is read-only, left out of a request body.
    let readOnly: [Bool]
    /// Whether any slot is read-only.
    let hasReadOnly: Bool
    /// Exact JSON keys of the single-key slots → slot.
    let exact: HTMappingKeyTable
    /// Canonical keys of the single-key slots → slot, for implicit matching; keys whose canonical form
    /// is shared by two slots are left out (they only match exactly).
    let canonical: HTMappingKeyTable
    /// The slots whose key path has several components.
    let nested: [Int]
    /// The single-key slots, in mapping order, for writing.
    let singleKeySlots: [Int]
    /// `"key":` for each slot, as JSON text: the bytes in `keyText`, slot by slot.
    let keyText: [UInt8]
    let keyTextRanges: [Range<Int>]
    /// Whether any slot has a custom conversion from JSON, or the model a should-transform hook.
    let hasDecodeHooks: Bool
    let shouldTransform: (@Sendable (UnsafeMutableRawPointer, HTJSON, String) -> Bool)?
    /// The model's field that keeps the members no slot maps, if it has one (OpenAPI
    /// `additionalProperties`, ``HTAdditionalPropertiesField``). With it, keys match exactly only
    /// (``canonical`` is empty).
    let additional: Additional?
    /// Whether ``additional`` is set: what the hot path tests, so that a model without additional
    /// properties does not load (and copy) the optional struct.
    let hasAdditional: Bool
    /// The first key of each nested key path: a member under it feeds a slot, it is no additional property.
    let nestedHeads: Set<String>

    /// A model's field of additional properties, as the plan keeps it.
    struct Additional {
        /// What the mapper does with it.
        var field: HTAdditionalPropertiesField
        /// The property's name (``HTObjectMapping/json(from:excluding:)`` can leave it out).
        var name: String
        /// Whether it is on the model's serialisation blacklist.
        var blacklisted: Bool
    }

    /// Sets fields of the `Model.Storage` at the pointer from a JSON value, the same type for every
    /// `Model` (see ``HTPropertyAccessor/decodeValue``).
    typealias Decoder = @Sendable (UnsafeMutableRawPointer, HTJSON, inout HTMappingContext) -> Void

    /// An accessor's decoder (``HTPropertyAccessor/decodeValue``): like a ``Decoder``, but it reads the
    /// JSON value in place, from a pointer.
    typealias FieldDecoder = @Sendable (UnsafeMutableRawPointer, UnsafePointer<HTJSON>, inout HTMappingContext) -> Void

    /// A ``FieldDecoder`` in an object of its own, called through an unretained reference (see
    /// ``decoders``): a closure copied out of an array is retained and released around each call (and
    /// an array of bare closures holds them reabstracted, behind a thunk); a closure read from an
    /// immutable property of an object that is known to be alive is neither.
    final class DecoderBox: Sendable {
        let call: FieldDecoder

        init(_ call: @escaping FieldDecoder) {
            self.call = call
        }
    }

    struct Slot {
        var keyPath: [String]
        var name: String
        var decode: FieldDecoder?
        var encode: (@Sendable (AnyObject) -> HTJSON?)?
        var write: (@Sendable (AnyObject, HTJSONWriter) -> Bool)?
        var fromJSON: Decoder?
        var toJSON: (@Sendable (AnyObject) -> HTJSON?)?
        var blacklisted: Bool
        var presence: HTFieldPresence
        var isSet: (@Sendable (UnsafeRawPointer) -> Bool)?
        var readOnly: Bool
    }

    init(
        slots: [Slot], additional: Additional? = nil,
        shouldTransform: (@Sendable (UnsafeMutableRawPointer, HTJSON, String) -> Bool)?
    ) {
        keyPaths = slots.map(\.keyPath)
        names = slots.map(\.name)
        decoderBoxes = slots.map { $0.decode.map(DecoderBox.init) }
        decoders = decoderBoxes.map { $0.map(Unmanaged.passUnretained) }
        encoders = slots.map(\.encode)
        writers = slots.map(\.write)
        fromJSON = slots.map(\.fromJSON)
        toJSON = slots.map(\.toJSON)
        blacklisted = slots.map(\.blacklisted)
        requiredSlots = slots.indices.filter { slots[$0].presence != .optional }
        presence = slots.map(\.presence)
        isSet = slots.map(\.isSet)
        readOnly = slots.map(\.readOnly)
        hasReadOnly = slots.contains { $0.readOnly }
        self.shouldTransform = shouldTransform
        hasDecodeHooks = shouldTransform != nil || slots.contains { $0.fromJSON != nil }
        self.additional = additional
        hasAdditional = additional != nil
        nestedHeads = additional == nil ? [] : Set(slots.compactMap { $0.keyPath.count > 1 ? $0.keyPath.first : nil })

        var exactPairs: [(key: [UInt8], value: Int)] = []
        var canonicalSlots: [[UInt8]: [Int]] = [:]
        var canonicalOrder: [[UInt8]] = []
        var nested: [Int] = []
        var single: [Int] = []
        var keyText: [UInt8] = []
        var ranges: [Range<Int>] = []
        for (position, slot) in slots.enumerated() {
            let start = keyText.count
            if slot.keyPath.count == 1 {
                let key = slot.keyPath[0]
                exactPairs.append((Array(key.utf8), position))
                let canonicalKey = HTCanonicalKey.canonical(key)
                if canonicalSlots[canonicalKey] == nil { canonicalOrder.append(canonicalKey) }
                canonicalSlots[canonicalKey, default: []].append(position)
                single.append(position)
                keyText += HTJSONSerializer().serialize(.string(key))
                keyText.append(UInt8(ascii: ":"))
            } else {
                nested.append(position)
            }
            ranges.append(start..<keyText.count)
        }
        exact = HTMappingKeyTable(exactPairs)
        // A model with additional properties matches keys exactly: a key that is no property's is one of them.
        if additional != nil { canonicalOrder = [] }
        canonical = HTMappingKeyTable(
            canonicalOrder.compactMap { key in
                guard let positions = canonicalSlots[key], positions.count == 1, !key.isEmpty else { return nil }
                return (key, positions[0])
            })
        self.nested = nested
        self.singleKeySlots = single
        self.keyText = keyText
        self.keyTextRanges = ranges
    }

    // MARK: Mapping from JSON

    /// Sets fields of the `Model.Storage` at `storage` from `object` (see
    /// ``HTObjectMapping/apply(_:to:context:)``). Returns `false` when a ``HTFieldPresence/required``
    /// field has no value or a ``HTFieldPresence/requiredNullable`` key is missing: the model must not be
    /// built, and the failure is recorded in `context` (``HTMappingContext/failure``).
    @discardableResult
    func apply(_ object: HTJSONObject, to storage: UnsafeMutableRawPointer, context: inout HTMappingContext) -> Bool {
        let implicit = context.options.implicitKeyMatching && !canonical.isEmpty
        var complete = true
        object.members.withUnsafeBufferPointer { members in
            let count = members.count
            let slotCount = decoders.count
            guard count > 0, slotCount > 0 else {
                // No slots (a model whose fields are all its additional properties): every member is one.
                if hasAdditional, count > 0 { decodeAdditional(members, memberSlot: nil, storage, &context) }
                for slot in requiredSlots where keyPaths[slot].count == 1 {
                    if !checkRequired(slot, .none, storage, &context) { complete = false }
                }
                return
            }
            withUnsafeTemporaryAllocation(of: Int.self, capacity: count + slotCount) { buffer in
                guard let base = buffer.baseAddress else { return }
                // The slot each member feeds (-1: none), then per slot the member that wins it: its index
                // when it matched exactly, -(index + 2) when it matched through its canonical form, -1.
                let memberSlot = base
                let winner = base + count
                winner.initialize(repeating: -1, count: slotCount)
                for index in 0..<count {
                    // The key's bytes in place: looking up a copy of the key would retain and release it.
                    var slot =
                        members[index].key.utf8.withContiguousStorageIfAvailable { exact.value(for: $0) }
                        ?? exact.value(for: members[index].key)
                    if slot >= 0 {
                        let previous = winner[slot]
                        if previous <= -2 {
                            reportIgnored(
                                members[-(previous + 2)].key, slot: slot, winner: members[index].key,
                                context: &context)
                        }
                        // A key that occurs twice: the last occurrence wins, silently.
                        winner[slot] = index
                    } else if implicit {
                        let key = members[index].key
                        slot = HTCanonicalKey.withCanonical(key) { canonical.value(for: $0) }
                        if slot >= 0 {
                            let previous = winner[slot]
                            if previous >= 0 {
                                reportIgnored(key, slot: slot, winner: members[previous].key, context: &context)
                                slot = -1
                            } else {
                                if previous <= -2 {
                                    reportIgnored(
                                        members[-(previous + 2)].key, slot: slot, winner: key, context: &context)
                                }
                                winner[slot] = -(index + 2)
                            }
                        }
                    }
                    memberSlot[index] = slot
                }
                // Decoders read each value in place, where the member holds it: passing a copy would
                // retain and release it around every call.
                let valueOffset = MemoryLayout<HTJSONObject.Member>.offset(of: \HTJSONObject.Member.value)
                for index in 0..<count {
                    let slot = memberSlot[index]
                    guard slot >= 0 else { continue }
                    let won = winner[slot]
                    guard won == index || won == -(index + 2) else { continue }
                    let before = context.diagnosticCount
                    if hasDecodeHooks {
                        decodeWithHooks(slot, storage, members[index].value, &context)
                    } else if let decode = decoders[slot] {
                        if let valueOffset, let member = members.baseAddress.map({ UnsafeRawPointer($0 + index) }) {
                            let value = (member + valueOffset).assumingMemoryBound(to: HTJSON.self)
                            decode._withUnsafeGuaranteedRef { $0.call(storage, value, &context) }
                        } else {
                            withUnsafePointer(to: members[index].value) { value in
                                decode._withUnsafeGuaranteedRef { $0.call(storage, value, &context) }
                            }
                        }
                    }
                    if context.diagnosticCount != before {
                        context.prefixDiagnostics(since: before, with: .key(members[index].key))
                    }
                }
                if hasAdditional { decodeAdditional(members, memberSlot: memberSlot, storage, &context) }
                // Required fields: the member that won each slot, exactly or through its canonical form.
                for slot in requiredSlots where keyPaths[slot].count == 1 {
                    let won = winner[slot]
                    // (`HTJSON?.none` spelled out: a bare `nil` here would be HTJSON's own `null` literal.)
                    let value: HTJSON? = won == -1 ? .none : members[won >= 0 ? won : -(won + 2)].value
                    if !checkRequired(slot, value, storage, &context) { complete = false }
                }
            }
        }
        if !nested.isEmpty, !applyNested(object, to: storage, context: &context) { complete = false }
        return complete
    }

    /// Checks required `slot` once its member (`value`: `nil` when the object has none) was mapped into
    /// `storage`. A ``HTFieldPresence/reported`` field without a value or with `null` is a diagnostic; a
    /// ``HTFieldPresence/required`` field the storage has no value for, or a
    /// ``HTFieldPresence/requiredNullable`` key that is missing, fails (returns `false`). When mapping
    /// over a model (``HTMappingContext/mapsOverModel``), a missing key keeps that model's value.
    private func checkRequired(
        _ slot: Int, _ value: HTJSON?, _ storage: UnsafeMutableRawPointer, _ context: inout HTMappingContext
    ) -> Bool {
        let name = names[slot]
        let path = keyPaths[slot].map { HTJSONPathComponent.key($0) }
        switch presence[slot] {
        case .optional:
            return true
        case .reported:
            let message: String
            switch value {
            case nil: message = "missing required field \"\(name)\""
            case .null?: message = "required field \"\(name)\" is null"
            default: return true
            }
            context.at(path) { $0.report(message) }
            return true
        case .required:
            if let isSet = isSet[slot], isSet(UnsafeRawPointer(storage)) { return true }
            let message: String
            switch value {
            case nil: message = "missing required field \"\(name)\""
            case .null?: message = "required field \"\(name)\" is null"
            default: message = "required field \"\(name)\" has no value it can hold"
            }
            context.at(path) { $0.fail(message) }
            return false
        case .requiredNullable:
            guard value == nil, !context.mapsOverModel else { return true }
            context.at(path) { $0.fail("missing required field \"\(name)\" (it may be null, but must be there)") }
            return false
        }
    }

    /// Maps the slots whose key path has several components (exact keys only); `false` when a required
    /// one fails (see ``checkRequired(_:_:_:_:)``).
    private func applyNested(
        _ object: HTJSONObject, to storage: UnsafeMutableRawPointer, context: inout HTMappingContext
    ) -> Bool {
        var complete = true
        for slot in nested {
            let keyPath = keyPaths[slot]
            var current = HTJSON.object(object)
            var found = true
            for key in keyPath {
                guard case .object(let level) = current, let next = level[key] else {
                    found = false
                    break
                }
                current = next
            }
            if found {
                let before = context.diagnosticCount
                if hasDecodeHooks {
                    decodeWithHooks(slot, storage, current, &context)
                } else if let decode = decoders[slot] {
                    withUnsafePointer(to: current) { value in
                        decode._withUnsafeGuaranteedRef { $0.call(storage, value, &context) }
                    }
                }
                if context.diagnosticCount != before {
                    context.prefixDiagnostics(since: before, with: keyPath.map { HTJSONPathComponent.key($0) })
                }
            }
            if presence[slot] != .optional, !checkRequired(slot, found ? .some(current) : .none, storage, &context) {
                complete = false
            }
        }
        return complete
    }

    @inline(never)
    private func decodeWithHooks(
        _ slot: Int, _ storage: UnsafeMutableRawPointer, _ value: HTJSON, _ context: inout HTMappingContext
    ) {
        if let shouldTransform, !shouldTransform(storage, value, names[slot]) { return }
        if let transform = fromJSON[slot] {
            transform(storage, value, &context)
        } else if let decode = decoders[slot] {
            withUnsafePointer(to: value) { value in
                decode._withUnsafeGuaranteedRef { $0.call(storage, value, &context) }
            }
        }
    }

    /// Puts each of `members` that no slot maps (`memberSlot`, from ``apply(_:to:context:)``, is
    /// negative for it; every member when `nil`) in the model's additional properties, unless a nested
    /// key path starts with its key.
    @inline(never)
    private func decodeAdditional(
        _ members: UnsafeBufferPointer<HTJSONObject.Member>, memberSlot: UnsafeMutablePointer<Int>?,
        _ storage: UnsafeMutableRawPointer, _ context: inout HTMappingContext
    ) {
        guard let field = additional?.field else { return }
        for index in members.indices where (memberSlot?[index] ?? -1) < 0 {
            let member = members[index]
            if !nestedHeads.isEmpty, nestedHeads.contains(member.key) { continue }
            let before = context.diagnosticCount
            withUnsafePointer(to: member.value) { field.decodeMember(storage, member.key, $0, &context) }
            if context.diagnosticCount != before {
                context.prefixDiagnostics(since: before, with: .key(member.key))
            }
        }
    }

    /// Writes the additional properties of `model` after the members written so far (`first`: none yet).
    @inline(never)
    private func writeAdditional(
        _ model: AnyObject, to writer: HTJSONWriter, first: inout Bool, applyingBlacklist: Bool
    ) {
        guard let additional, !(applyingBlacklist && additional.blacklisted) else { return }
        additional.field.write(model, writer, &first) { claims($0) }
    }

    /// Whether the mapping maps `key` (a single-key slot's key, or the first key of a nested key path):
    /// such a key is never written from the additional properties.
    func claims(_ key: String) -> Bool {
        exact.value(for: key) >= 0 || nestedHeads.contains(key)
    }

    @inline(never)
    private func reportIgnored(_ key: String, slot: Int, winner: String, context: inout HTMappingContext) {
        context.report(
            "key '\(key)' also reaches property '\(names[slot])', which is mapped from '\(winner)'; '\(key)' is ignored",
            at: .key(key))
    }

    // MARK: Writing JSON

    /// Whether ``write(_:to:applyingBlacklist:)`` can write models of this plan (no nested key paths).
    var writesDirectly: Bool { nested.isEmpty }

    /// Writes `model` as a JSON object: each non-`nil` property under its key, in mapping order.
    func write(_ model: AnyObject, to writer: HTJSONWriter, applyingBlacklist: Bool) {
        writer.beginObject()
        var first = true
        keyText.withUnsafeBytes { keyBytes in
            let sending = hasReadOnly && HTRequestBodyScope.isActive
            for slot in singleKeySlots {
                if applyingBlacklist && blacklisted[slot] { continue }
                if sending && readOnly[slot] { continue }
                let mark = writer.count
                if !first { writer.writeComma() }
                let range = keyTextRanges[slot]
                writer.writeRaw(UnsafeRawBufferPointer(rebasing: keyBytes[range]))
                let wrote: Bool
                if let transform = toJSON[slot] {
                    if let value = transform(model) {
                        writer.write(value)
                        wrote = true
                    } else {
                        wrote = false
                    }
                } else if let writeProperty = writers[slot] {
                    wrote = writeProperty(model, writer)
                } else {
                    wrote = false
                }
                if wrote {
                    first = false
                } else if presence[slot] == .requiredNullable {
                    writer.write(HTJSON.null)
                    first = false
                } else {
                    writer.truncate(to: mark)
                }
            }
        }
        if hasAdditional { writeAdditional(model, to: writer, first: &first, applyingBlacklist: applyingBlacklist) }
        writer.endObject()
    }
}
