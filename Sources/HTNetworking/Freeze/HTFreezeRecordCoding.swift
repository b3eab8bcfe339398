import Foundation

/// The byte layout of one freeze-journal record's payload: little-endian integers, length-prefixed UTF-8
/// strings and data, a flag byte before optional values. Decoding never traps: any malformed input is a
/// thrown ``HTFreezeRecordCoding/Malformed``.
///
/// A payload starts with its kind: 1 a put (then its version: 1, 2 with the transport type, or 3 with
/// the security requirements too), 2 a
/// remove, 3 a sealed put (version 1: the id, the sequence number, then the bytes an
/// ``HTFreezeRecordSealing`` made of a whole kind-1 payload).
enum HTFreezeRecordCoding {
    /// What a journal record says.
    enum Record: Equatable {
        /// The request, new or replacing the one with the same id.
        case put(HTFrozenRequest)
        /// The request with this id is gone (sent, dropped or removed).
        case remove(id: String)
    }

    /// A record as read from a file.
    enum Decoded: Equatable {
        /// A record that was read; `sealed` when it was a sealed put.
        case record(Record, sealed: Bool)
        /// A sealed put that could not be opened, with what is readable beside the sealed bytes.
        case unopened(id: String, sequence: UInt64, error: HTFreezeRecordSealingError)
    }

    /// The payload does not decode.
    struct Malformed: Error {}

    /// The sealer threw while sealing; the description of its error.
    struct SealFailure: Error {
        var reason: String
    }

    private static let putKind: UInt8 = 1
    private static let removeKind: UInt8 = 2
    /// Version 2 added the transport type at the end, version 3 the security requirements after it;
    /// records of earlier versions (without them) still load.
    private static let putVersion: UInt8 = 3
    private static let sealedKind: UInt8 = 3
    private static let sealedVersion: UInt8 = 1

    // MARK: Encoding

    static func encode(_ record: Record, into bytes: inout [UInt8]) {
        switch record {
        case .put(let request):
            bytes.append(putKind)
            bytes.append(putVersion)
            writeString(request.id, &bytes)
            writeUInt64(request.sequence, &bytes)
            writeString(request.method, &bytes)
            writeString(request.url.absoluteString, &bytes)
            writeUInt32(UInt32(request.headers.count), &bytes)
            for name in request.headers.keys.sorted() {
                writeString(name, &bytes)
                writeString(request.headers[name] ?? "", &bytes)
            }
            writeOptional(request.body, &bytes) { writeData($0, &$1) }
            writeOptional(request.timeout, &bytes) { writeDouble($0, &$1) }
            writeString(request.requestType, &bytes)
            writeString(request.policyID.rawValue, &bytes)
            writeString(request.freezeKey, &bytes)
            writeDouble(request.createdAt.timeIntervalSinceReferenceDate, &bytes)
            writeOptional(request.expiresAt, &bytes) { writeDouble($0.timeIntervalSinceReferenceDate, &$1) }
            writeUInt64(UInt64(max(0, request.attempts)), &bytes)
            writeOptional(request.nextAttemptAt, &bytes) { writeDouble($0.timeIntervalSinceReferenceDate, &$1) }
            writeOptional(request.transportType, &bytes) { writeString($0.rawValue, &$1) }
            writeOptional(request.securityRequirements, &bytes) { writeRequirements($0, &$1) }
        case .remove(let id):
            bytes.append(removeKind)
            writeString(id, &bytes)
        }
    }

    /// Encodes `record`; with a `sealer`, a put is sealed (a remove never is).
    static func encode(_ record: Record, sealer: (any HTFreezeRecordSealing)?, into bytes: inout [UInt8])
        throws(SealFailure)
    {
        guard let sealer, case .put(let request) = record else {
            encode(record, into: &bytes)
            return
        }
        var plain: [UInt8] = []
        encode(record, into: &plain)
        let sealed: Data
        do {
            sealed = try sealer.seal(Data(plain))
        } catch {
            throw SealFailure(reason: String(describing: error))
        }
        bytes.append(sealedKind)
        bytes.append(sealedVersion)
        writeString(request.id, &bytes)
        writeUInt64(request.sequence, &bytes)
        writeData(sealed, &bytes)
    }

    private static func writeUInt32(_ value: UInt32, _ bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: 32, by: 8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift)))
        }
    }

    private static func writeUInt64(_ value: UInt64, _ bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: 64, by: 8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }

    private static func writeDouble(_ value: Double, _ bytes: inout [UInt8]) {
        writeUInt64(value.bitPattern, &bytes)
    }

    private static func writeString(_ value: String, _ bytes: inout [UInt8]) {
        let utf8 = value.utf8
        writeUInt32(UInt32(utf8.count), &bytes)
        bytes.append(contentsOf: utf8)
    }

    private static func writeData(_ value: Data, _ bytes: inout [UInt8]) {
        writeUInt32(UInt32(value.count), &bytes)
        bytes.append(contentsOf: value)
    }

    private static func writeOptional<T>(_ value: T?, _ bytes: inout [UInt8], _ write: (T, inout [UInt8]) -> Void) {
        if let value {
            bytes.append(1)
            write(value, &bytes)
        } else {
            bytes.append(0)
        }
    }

    // MARK: Decoding

    /// Decodes a payload that may be sealed. A sealed put that `sealer` can't open (or that opens to
    /// something else than the put written beside it) is ``Decoded/unopened(id:sequence:error:)``, not
    /// malformed: its bytes are intact and may open with the right sealer.
    static func decode(_ payload: UnsafeRawBufferPointer, sealer: (any HTFreezeRecordSealing)?) throws(Malformed)
        -> Decoded
    {
        guard payload.first == sealedKind else { return .record(try decode(payload), sealed: false) }
        var reader = Reader(bytes: payload)
        _ = try reader.byte()
        guard try reader.byte() == sealedVersion else { throw Malformed() }
        let id = try reader.string()
        let sequence = try reader.uint64()
        let sealed = try reader.data()
        guard reader.isAtEnd else { throw Malformed() }
        guard let sealer else { return .unopened(id: id, sequence: sequence, error: .noSealer) }
        let plain: Data
        do {
            plain = try sealer.open(sealed)
        } catch {
            return .unopened(id: id, sequence: sequence, error: .openFailed(String(describing: error)))
        }
        let inner = plain.withUnsafeBytes { buffer -> Record? in
            do {
                return try decode(buffer)
            } catch {
                return nil
            }
        }
        guard case .put(let request)? = inner, request.id == id, request.sequence == sequence else {
            return .unopened(id: id, sequence: sequence, error: .notARecord)
        }
        return .record(.put(request), sealed: true)
    }

    static func decode(_ payload: UnsafeRawBufferPointer) throws(Malformed) -> Record {
        var reader = Reader(bytes: payload)
        switch try reader.byte() {
        case putKind:
            let version = try reader.byte()
            guard (1...putVersion).contains(version) else { throw Malformed() }
            let id = try reader.string()
            let sequence = try reader.uint64()
            let method = try reader.string()
            guard let url = URL(string: try reader.string()) else { throw Malformed() }
            let headerCount = try reader.uint32()
            var headers: [String: String] = [:]
            for _ in 0..<headerCount {
                let name = try reader.string()
                headers[name] = try reader.string()
            }
            let body = try reader.flag() ? try reader.data() : nil
            let timeout = try reader.flag() ? try reader.double() : nil
            let requestType = try reader.string()
            let policy = try reader.string()
            let key = try reader.string()
            let created = try reader.double()
            let expires = try reader.flag() ? try reader.double() : nil
            let attempts = try reader.uint64()
            let next = try reader.flag() ? try reader.double() : nil
            var transportType: HTRequestType?
            if version >= 2, try reader.flag() {
                transportType = HTRequestType(rawValue: try reader.string())
            }
            var securityRequirements: [HTSecurityRequirement]?
            if version >= 3, try reader.flag() {
                securityRequirements = try readRequirements(&reader)
            }
            guard reader.isAtEnd, attempts <= UInt64(Int.max), created.isFinite, expires?.isFinite ?? true,
                next?.isFinite ?? true
            else { throw Malformed() }
            var request = HTFrozenRequest(
                id: id, method: method, url: url, headers: headers, body: body,
                timeout: timeout, requestType: requestType, transportType: transportType,
                policyID: HTFreezePolicyID(rawValue: policy), freezeKey: key,
                createdAt: Date(timeIntervalSinceReferenceDate: created),
                expiresAt: expires.map { Date(timeIntervalSinceReferenceDate: $0) }, attempts: Int(attempts),
                nextAttemptAt: next.map { Date(timeIntervalSinceReferenceDate: $0) })
            request.securityRequirements = securityRequirements
            request.sequence = sequence
            return .put(request)
        case removeKind:
            let id = try reader.string()
            guard reader.isAtEnd else { throw Malformed() }
            return .remove(id: id)
        default:
            throw Malformed()
        }
    }

    /// Security requirements: their count, then each one's scheme count and schemes (the name, a kind
    /// byte, and for an API key its name and a location byte). Credentials are never written.
    private static func writeRequirements(_ requirements: [HTSecurityRequirement], _ bytes: inout [UInt8]) {
        writeUInt32(UInt32(requirements.count), &bytes)
        for requirement in requirements {
            writeUInt32(UInt32(requirement.schemes.count), &bytes)
            for scheme in requirement.schemes {
                writeString(scheme.name, &bytes)
                switch scheme.kind {
                case .bearer: bytes.append(0)
                case .basic: bytes.append(1)
                case .apiKey(let name, let location):
                    bytes.append(2)
                    writeString(name, &bytes)
                    bytes.append(location == .header ? 0 : location == .query ? 1 : 2)
                case .external: bytes.append(3)
                }
            }
        }
    }

    private static func readRequirements(_ reader: inout Reader) throws(Malformed) -> [HTSecurityRequirement] {
        let count = try reader.uint32()
        var requirements: [HTSecurityRequirement] = []
        for _ in 0..<count {
            let schemeCount = try reader.uint32()
            var schemes: [HTSecurityScheme] = []
            for _ in 0..<schemeCount {
                let name = try reader.string()
                let kind: HTSecurityScheme.Kind
                switch try reader.byte() {
                case 0: kind = .bearer
                case 1: kind = .basic
                case 2:
                    let keyName = try reader.string()
                    let locations: [HTSecurityScheme.KeyLocation] = [.header, .query, .cookie]
                    let index = Int(try reader.byte())
                    guard index < locations.count else { throw Malformed() }
                    kind = .apiKey(name: keyName, location: locations[index])
                case 3: kind = .external
                default: throw Malformed()
                }
                schemes.append(HTSecurityScheme(name, kind))
            }
            requirements.append(HTSecurityRequirement(schemes))
        }
        return requirements
    }

    /// A bounds-checked cursor over a payload.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        var isAtEnd: Bool { offset == bytes.count }

        mutating func take(_ count: Int) throws(Malformed) -> UnsafeRawBufferPointer {
            guard count >= 0, count <= bytes.count - offset else { throw Malformed() }
            defer { offset += count }
            return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
        }

        mutating func byte() throws(Malformed) -> UInt8 {
            try take(1)[0]
        }

        mutating func flag() throws(Malformed) -> Bool {
            switch try byte() {
            case 0: return false
            case 1: return true
            default: throw Malformed()
            }
        }

        mutating func uint32() throws(Malformed) -> UInt32 {
            let raw = try take(4)
            var value: UInt32 = 0
            for index in (0..<4).reversed() {
                value = value << 8 | UInt32(raw[index])
            }
            return value
        }

        mutating func uint64() throws(Malformed) -> UInt64 {
            let raw = try take(8)
            var value: UInt64 = 0
            for index in (0..<8).reversed() {
                value = value << 8 | UInt64(raw[index])
            }
            return value
        }

        mutating func double() throws(Malformed) -> Double {
            Double(bitPattern: try uint64())
        }

        mutating func string() throws(Malformed) -> String {
            // The record's checksum already vouches for the bytes; decoding repairs rather than traps.
            String(decoding: try take(Int(try uint32())), as: UTF8.self)
        }

        mutating func data() throws(Malformed) -> Data {
            Data(try take(Int(try uint32())))
        }
    }
}
