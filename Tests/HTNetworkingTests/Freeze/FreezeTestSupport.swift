import Foundation

@testable import HTNetworking

/// A fresh folder under the temporary directory, removed by `cleanUp()`.
struct FreezeTemporaryFolder {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("ht-freeze-tests-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    var journalURL: URL { url.appendingPathComponent("freeze.journal") }

    /// Where ``journalCopy(sealer:credentialHeaders:)`` puts its copies.
    private var copiesURL: URL { URL(fileURLWithPath: url.path + "-copies", isDirectory: true) }

    /// A journal opened on a copy of the journal file, in a folder of its own: what is on disk now, read
    /// while another journal or manager holds the folder (only one may open it).
    func journalCopy(
        sealer: (any HTFreezeRecordSealing)? = nil,
        credentialHeaders: HTFreezeCredentialHeaders = HTFreezeCredentialHeaders()
    ) throws -> HTFreezeJournal {
        let copy = copiesURL.appendingPathComponent(UUID().uuidString, isDirectory: true)
            .appendingPathComponent("freeze.journal")
        try FileManager.default.createDirectory(
            at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: journalURL, to: copy)
        return try HTFreezeJournal(fileURL: copy, credentialHeaders: credentialHeaders, sealer: sealer)
    }

    func cleanUp() {
        try? FileManager.default.removeItem(at: url)
        try? FileManager.default.removeItem(at: copiesURL)
    }
}

/// A frozen request with distinctive values in every field.
func sampleFrozenRequest(_ index: Int, body: String? = nil) -> HTFrozenRequest {
    HTFrozenRequest(
        id: "id-\(index)", method: index % 2 == 0 ? "POST" : "PUT",
        url: URL(string: "http://127.0.0.1:1/idempotent?n=\(index)&q=a%20b")!,
        headers: ["Content-Type": "application/json", "Idempotency-Key": "id-\(index)", "X-N": "\(index)"],
        body: Data((body ?? #"{"n":\#(index),"text":"héllo"}"#).utf8), timeout: index % 3 == 0 ? nil : 12.5,
        requestType: "SampleRequest", transportType: index % 3 == 1 ? "frames" : nil,
        policyID: index % 2 == 0 ? .sendFreezeAutomatically : "custom",
        freezeKey: "key-\(index)", createdAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(index)),
        expiresAt: index % 4 == 0 ? nil : Date(timeIntervalSince1970: 1_800_000_000), attempts: index % 5,
        nextAttemptAt: index % 3 == 0 ? Date(timeIntervalSince1970: 1_700_000_100) : nil)
}
