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

    func cleanUp() {
        try? FileManager.default.removeItem(at: url)
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
