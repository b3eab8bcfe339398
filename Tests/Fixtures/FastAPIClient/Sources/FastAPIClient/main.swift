// The client half of .ci/fastapi-e2e.sh (issue #37): every operation of the FastAPI app in
// Tests/Fixtures/FastAPI/app.py, sent with the request types ht-codegen generated from the
// /openapi.json that the running server emitted (Generated/, written by the script), and every answer
// checked. Usage: FastAPIClient <base URL>. Prints a line per check; exits 1 on the first mismatch.
//
// Required fields are used as the non-optional values they must be (`let name: String = item.name`):
// were the generator to make them optional, this file would not compile.
import Foundation
import HTNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Top-level code runs on the main actor; so do the helpers that count and print.
var passed = 0

/// Passes when `condition` holds; otherwise prints what was expected and what came, and exits 1.
@MainActor func check(_ condition: Bool, _ what: String, _ detail: @autoclosure () -> String = "") {
    if condition {
        passed += 1
        print("ok: \(what)")
        return
    }
    let more = detail()
    print("MISMATCH: \(what)\(more.isEmpty ? "" : "\n    \(more)")")
    exit(1)
}

/// Fails the run with what went wrong.
@MainActor func fail(_ what: String) -> Never {
    print("MISMATCH: \(what)")
    exit(1)
}

/// `response`'s header `name`, case-insensitively.
func header<Value>(_ response: HTResponse<Value>, _ name: String) -> String? {
    response.headers.first { $0.key.lowercased() == name.lowercased() }?.value
}

/// The JSON of `response`'s body, as the server wrote it.
@MainActor func bodyJSON<Value>(_ response: HTResponse<Value>) -> HTJSON {
    do {
        return try HTJSON(parsing: response.body)
    } catch {
        fail("the body of a \(response.statusCode) response is not JSON: \(error)")
    }
}

/// Fails when mapping the response reported anything (a field of the wrong kind, a missing key).
@MainActor func expectCleanMapping<Value>(_ response: HTResponse<Value>, _ what: String) {
    check(response.diagnostics.isEmpty, "\(what): mapped without diagnostics", "\(response.diagnostics)")
}

/// Sends `request` and returns the response, failing the run on any error.
@MainActor func send<R: HTBaseRequest & Sendable>(_ client: HTClient, _ request: R, _ what: String) async -> HTResponse<
    R.Response
> {
    do {
        return try await client.response(for: request)
    } catch {
        fail("\(what): \(error.description)\(error.documentedError.map { " (documented: \($0))" } ?? "")")
    }
}

/// Sends `request`, which must fail with `status`; returns the error.
@MainActor func sendExpectingStatus<R: HTBaseRequest & Sendable>(
    _ client: HTClient, _ request: R, _ status: Int, _ what: String
) async -> HTNetworkingError {
    do {
        let response = try await client.response(for: request)
        fail("\(what): expected status \(status), got \(response.statusCode)")
    } catch {
        check(error.statusCode == status, "\(what): status \(status)", "got \(error.description)")
        return error
    }
}

guard CommandLine.arguments.count == 2, let baseURL = URL(string: CommandLine.arguments[1]) else {
    print("usage: FastAPIClient <base URL of the FastAPI server>")
    exit(2)
}
let client = HTClient(configuration: HTClientConfiguration(baseURL: baseURL))
let iso8601 = HTDateFormat.iso8601

// MARK: GET: a path parameter, a required and an optional query parameter; required fields

let lookup = await send(client, HTGetItemRequest(itemID: 1, q: "widget"), "GET /items/1?q=widget")
expectCleanMapping(lookup, "GET /items/1")
let lookupID: Int = lookup.value.itemID
let lookupQuery: String = lookup.value.q
check(lookupID == 1, "the path parameter item_id came back as 1", "got \(lookupID)")
check(lookupQuery == "widget", "the required query parameter q came back", "got \(lookupQuery)")
check(lookup.value.limit == nil, "the optional query parameter limit was not sent (null came back)")
guard let seeded = lookup.value.item else { fail("GET /items/1 has no item") }
let seededID: Int = seeded.id
let seededName: String = seeded.name
let seededDate: Date = seeded.createdAt
check(seededID == 1 && seededName == "Widget", "required fields id and name are non-optional values")
check(
    iso8601.json(for: seededDate) == "2026-11-28T10:20:30.123456Z",
    "a datetime with microseconds is read to the microsecond", "got \(iso8601.json(for: seededDate))")
check(seeded.quantity == .string("10"), "\"10\" of Union[int, str] is read as the string", "got \(seeded.quantity)")
check(seeded.note == .value("first"), "Optional[str] with a value is .value", "got \(seeded.note)")
check(
    seeded.checksum == .value(Data([0xFB, 0xFF, 0xBF, 0xFE, 0x3E])), "Base64Bytes is read as its bytes",
    "got \(seeded.checksum)")
check(seeded.tags == ["a", "b"], "a list field with a default is read", "got \(String(describing: seeded.tags))")

let limited = await send(client, HTGetItemRequest(itemID: 1, q: "widget", limit: 5), "GET /items/1?limit=5")
check(limited.value.limit == 5, "the optional query parameter limit is sent when set")
let missing = await send(client, HTGetItemRequest(itemID: 404, q: "none"), "GET /items/404")
expectCleanMapping(missing, "GET /items/404")
check(missing.value.item == nil, "a required Optional[Item] that is null maps to nil")

// MARK: PUT: what was read is sent back byte for byte

let replaced = await send(client, HTReplaceItemRequest(itemID: 1, requestBody: seeded), "PUT /items/1")
expectCleanMapping(replaced, "PUT /items/1")
check(
    header(replaced, "x-received-created-at") == "2026-11-28T10:20:30.123456Z",
    "the datetime read from FastAPI is sent back byte for byte",
    "the server got \(header(replaced, "x-received-created-at") ?? "no header")")
check(replaced.value == seeded, "PUT echoes the item that was sent")
check(
    bodyJSON(replaced) == bodyJSON(lookup)["item"],
    "the JSON FastAPI echoes is the JSON it sent in GET",
    "PUT: \(bodyJSON(replaced).serializedString())\nGET: \(bodyJSON(lookup)["item"]?.serializedString() ?? "-")")

// A new item made in code: its date written to the microsecond.
let madeDate = Date(timeIntervalSince1970: 1_767_323_045.654321)
let made = HTItem(id: 2, name: "Gadget", createdAt: madeDate, quantity: .integer(7)) {
    $0.tags = ["x"]
    $0.note = .null
}
let stored = await send(client, HTReplaceItemRequest(itemID: 2, requestBody: made), "PUT /items/2")
expectCleanMapping(stored, "PUT /items/2")
check(
    header(stored, "x-received-created-at") == "2026-01-02T03:04:05.654321Z",
    "a datetime made in code is sent with its microseconds",
    "the server got \(header(stored, "x-received-created-at") ?? "no header")")
check(stored.value.createdAt == madeDate, "FastAPI echoes that instant exactly")
// FastAPI writes every field of the response model: the checksum the app left out comes back null.
check(
    stored.value == made.with { $0.checksum = .null }, "PUT echoes the item made in code (unset as null)",
    "got \(stored.value)")

// MARK: POST: the union keeps a string a string; base64 bytes

let textual = await send(
    client,
    HTCreateItemRequest(requestBody: HTItem(id: 3, name: "Text", createdAt: madeDate, quantity: .string("10"))),
    "POST /items (quantity \"10\")")
check(
    header(textual, "x-quantity-type") == "str", "\"10\" reaches FastAPI as a str",
    "\(header(textual, "x-quantity-type") ?? "-")")
check(textual.value.quantity == .string("10"), "\"10\" comes back as the string", "got \(textual.value.quantity)")
let numeric = await send(
    client,
    HTCreateItemRequest(requestBody: HTItem(id: 4, name: "Number", createdAt: madeDate, quantity: .integer(10))),
    "POST /items (quantity 10)")
check(
    header(numeric, "x-quantity-type") == "int", "10 reaches FastAPI as an int",
    "\(header(numeric, "x-quantity-type") ?? "-")")
check(numeric.value.quantity == .integer(10), "10 comes back as the integer", "got \(numeric.value.quantity)")
let bytes = Data([0x00, 0xFF, 0x10, 0x80, 0xFB])
let withChecksum = await send(
    client,
    HTCreateItemRequest(
        requestBody: HTItem(id: 5, name: "Bytes", createdAt: madeDate, quantity: .integer(1)) {
            $0.checksum = .value(bytes)
        }),
    "POST /items (checksum)")
check(header(withChecksum, "x-checksum-hex") == "00ff1080fb", "Base64Bytes reaches FastAPI as its bytes")
check(withChecksum.value.checksum == .value(bytes), "Base64Bytes comes back as the bytes sent")

// MARK: PATCH: null clears, absent keeps

let renamed = await send(
    client, HTPatchItemRequest(itemID: 1, requestBody: HTItemPatch { $0.name = .value("Renamed") }),
    "PATCH /items/1 {name}")
expectCleanMapping(renamed, "PATCH /items/1 {name}")
check(
    header(renamed, "x-fields-set") == "name", "a PATCH sends only the fields set",
    "\(header(renamed, "x-fields-set") ?? "-")")
check(renamed.value.name == "Renamed", "PATCH changed the name")
check(renamed.value.note == .value("first"), "an absent note is kept", "got \(renamed.value.note)")
let cleared = await send(
    client, HTPatchItemRequest(itemID: 1, requestBody: HTItemPatch { $0.note = .null }), "PATCH /items/1 {note: null}")
expectCleanMapping(cleared, "PATCH /items/1 {note: null}")
check(
    header(cleared, "x-fields-set") == "note", "an explicit null is sent", "\(header(cleared, "x-fields-set") ?? "-")")
check(
    cleared.value.note == .null, "an explicit null clears the note, and null is read back", "got \(cleared.value.note)")
check(cleared.value.name == "Renamed", "the absent name is kept")
// Union[int, str, None] = None: a three-state union too.
let requantified = await send(
    client, HTPatchItemRequest(itemID: 1, requestBody: HTItemPatch { $0.quantity = .value(.string("12")) }),
    "PATCH /items/1 {quantity: \"12\"}")
check(requantified.value.quantity == .string("12"), "a nullable union field is set by PATCH")
check(requantified.value.note == .null, "the cleared note stays cleared")
_ = await sendExpectingStatus(
    client, HTPatchItemRequest(itemID: 1, requestBody: HTItemPatch { $0.quantity = .null }), 400,
    "PATCH {quantity: null} sends the null (the app refuses to clear a required field)")

// MARK: Uploads: a file beside a form field, and a list of files

let content = Data((0...255).map { UInt8($0) } + Array("end".utf8))
let uploaded = await send(
    client, HTUploadFileRequest(requestBody: HTBodyUploadFile(file: content, description_: "a form field: ünï")),
    "POST /upload")
expectCleanMapping(uploaded, "POST /upload")
let report: HTUploadedFile = uploaded.value.file
check(
    uploaded.value.description_ == "a form field: ünï", "the form field arrives", "got \(uploaded.value.description_)")
check(report.size == content.count, "the file's bytes arrive", "size \(report.size), sent \(content.count)")
check(report.filename == "file", "the file part has a file name", "got \(String(describing: report.filename))")
check(
    report.contentType == "application/octet-stream", "the file part's content type",
    "got \(String(describing: report.contentType))")
// The app names the file and gives its type (HTMultipartFileInfo): Starlette's UploadFile reads both.
var named = HTUploadFileRequest(requestBody: HTBodyUploadFile(file: content, description_: "named"))
named.fileInfo = HTMultipartFileInfo(fileName: "report 1.csv", contentType: "text/csv")
let namedUpload = await send(client, named, "POST /upload with the app's file name and type")
check(
    namedUpload.value.file.filename == "report 1.csv", "the app's file name arrives",
    "got \(String(describing: namedUpload.value.file.filename))")
check(
    namedUpload.value.file.contentType == "text/csv", "the app's content type arrives",
    "got \(String(describing: namedUpload.value.file.contentType))")
let sizes = [1, 1000, 70_000]
let files = sizes.map { Data(repeating: UInt8($0 % 251), count: $0) }
let uploads = await send(client, HTUploadFilesRequest(requestBody: HTBodyUploadFiles(files: files)), "POST /uploads")
expectCleanMapping(uploads, "POST /uploads")
check(
    uploads.value.files.map(\.size) == sizes, "a list of files arrives, a part each, in order",
    "\(uploads.value.files.map(\.size))")
check(uploads.value.files.allSatisfy { $0.filename == "files" }, "each part of the list has a file name")
var namedFiles = HTUploadFilesRequest(requestBody: HTBodyUploadFiles(files: files))
namedFiles.filesInfo = [HTMultipartFileInfo(fileName: "a.bin"), HTMultipartFileInfo(fileName: "b.bin")]
let namedUploads = await send(client, namedFiles, "POST /uploads with the app's file names")
check(
    namedUploads.value.files.map(\.filename) == ["a.bin", "b.bin", "files"],
    "each file of a list has the app's name, in order, and one it does not name the field's",
    "\(namedUploads.value.files.map(\.filename))")

// MARK: Errors: 422 is the documented HTTPValidationError; an undocumented status is not

let invalid = await sendExpectingStatus(
    client, HTCreateItemRequest(requestBody: HTItem(id: 6, name: "", createdAt: madeDate, quantity: .integer(1))), 422,
    "POST /items with an empty name")
guard case .status422(let validation)? = invalid.documentedError as? HTCreateItemRequest.ErrorResponse else {
    fail("the 422 is not the documented HTTPValidationError: \(String(describing: invalid.documentedError))")
}
guard let problem = validation.detail?.first else { fail("the 422 lists no problem") }
let location: [HTValidationErrorLocItem] = problem.loc
check(location == [.string("body"), .string("name")], "the 422 says where: body.name", "got \(location)")
check(problem.type == "string_too_short", "the 422 says what: string_too_short", "got \(problem.type)")
let invalidPatch = await sendExpectingStatus(
    client, HTPatchItemRequest(itemID: 1, requestBody: HTItemPatch { $0.name = .value("") }), 422,
    "PATCH with an empty name")
check(invalidPatch.documentedError is HTPatchItemRequest.ErrorResponse, "the PATCH's 422 is typed too")
let notFound = await sendExpectingStatus(
    client, HTPatchItemRequest(itemID: 999, requestBody: HTItemPatch()), 404, "PATCH /items/999")
check(notFound.documentedError == nil, "an undocumented 404 is the plain status error")

print("fastapi e2e: all \(passed) checks passed")
