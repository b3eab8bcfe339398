import Foundation
import HTNetworking
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Generated models and requests are `Sendable`: one model can go into several requests sent at once,
/// and tasks can read and write one model concurrently (the thread sanitizer run checks the locking).
@Suite struct SendableModelTests {
    /// Compiles only for `Sendable` types.
    func requireSendable<T: Sendable>(_: T.Type) {}

    @Test func generatedModelsAndRequestsAreSendable() {
        requireSendable(HTDocNote.self)
        requireSendable(HTArticle.self)
        requireSendable(HTDocSaveNoteRequest.self)
        requireSendable(HTUpdateUserProfileRequest.self)
    }

    /// The issue's case: one model value in two requests in flight together. Before models were
    /// `Sendable` this did not compile ("sending value of non-Sendable type ... risks causing data races").
    @Test func oneModelInTwoConcurrentRequests() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = makeEchoClient(server)
        let note = HTDocNote()
        note.body = "shared"
        async let first = client.send(HTDocSaveNoteRequest(id: 1, note: note, ifMatch: "a"))
        async let second = client.send(HTDocSaveNoteRequest(id: 2, note: note, ifMatch: "b"))
        let (one, two) = try await (first, second)
        #expect(one["path"] == "/echo/notes/1")
        #expect(two["path"] == "/echo/notes/2")
        #expect(one["json"] == ["note": ["body": "shared"]])
        #expect(two["json"] == ["note": ["body": "shared"]])
        // The model is still the caller's to use.
        note.body = "changed"
        #expect(note.htJSONString() == #"{"body":"changed"}"#)
    }

    /// Writers, readers, JSON encoding, copying and re-mapping of one model from many tasks at once:
    /// every read sees one of the values written (never a torn or freed one).
    @Test func oneModelReadAndWrittenFromManyTasks() async throws {
        let article = try HTArticle(jsonString: #"{"id": 1, "title": "t0", "author": {"id": 1, "userName": "a"}}"#)
        let titles = Set((0..<8).map { "t\($0)" })
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for round in 0..<200 {
                        switch (task + round) % 4 {
                        case 0:
                            article.title = "t\(task)"
                            article.author = HTUser()
                        case 1:
                            _ = article.htJSONString()
                        case 2:
                            _ = article.htCopy()
                        default:
                            _ = try? article.htSet(from: ["title": .string("t\(task)"), "id": .integer(Int64(round))])
                        }
                    }
                }
            }
        }
        #expect(titles.contains(article.title ?? ""))
        #expect(article.id != nil)
        let json = try HTJSON(parsing: article.htJSONString())
        #expect(json["title"]?.stringValue.map(titles.contains) == true)
    }
}
