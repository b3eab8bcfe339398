import Foundation
import HTNetworking
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Generated models and requests are `Sendable`: one model can go into several requests sent at once,
/// and tasks can read one model concurrently and edit it into their own copies, with no lock (the thread
/// sanitizer run checks that nothing races).
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
        let note = HTDocNote {
            $0.body = "shared"
        }
        async let first = client.send(HTDocSaveNoteRequest(id: 1, note: note, ifMatch: "a"))
        async let second = client.send(HTDocSaveNoteRequest(id: 2, note: note, ifMatch: "b"))
        let (one, two) = try await (first, second)
        #expect(one["path"] == "/echo/notes/1")
        #expect(two["path"] == "/echo/notes/2")
        #expect(one["json"] == ["note": ["body": "shared"]])
        #expect(two["json"] == ["note": ["body": "shared"]])
        // The model is still the caller's to use, and unchanged.
        #expect(note.htJSONString() == #"{"body":"shared"}"#)
        #expect(note.with { $0.body = "changed" }.htJSONString() == #"{"body":"changed"}"#)
    }

    /// Readers, JSON encoding, edits into copies and re-mapping over one model from many tasks at once:
    /// the shared model never changes, and each task's copy has its own values.
    @Test func oneModelReadAndEditedFromManyTasks() async throws {
        let article = try HTArticle(jsonString: #"{"id": 1, "title": "t0", "author": {"id": 1, "userName": "a"}}"#)
        let text = article.htJSONString()
        let results = await withTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var ok = true
                    for round in 0..<200 {
                        switch (task + round) % 4 {
                        case 0:
                            let mine = article.with {
                                $0.title = "t\(task)"
                                $0.author = HTUser()
                            }
                            ok = ok && mine.title == "t\(task)" && mine.author?.userName == nil
                        case 1:
                            ok = ok && article.htJSONString() == text
                        case 2:
                            ok = ok && article.with { _ in } == article
                        default:
                            let mapped = try? article.htUpdated(
                                from: ["title": .string("t\(task)"), "id": .integer(Int64(round))])
                            ok = ok && mapped?.id == round && mapped?.author === article.author
                        }
                    }
                    return ok
                }
            }
            var all: [Bool] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results == Array(repeating: true, count: 8))
        #expect(article.title == "t0" && article.id == 1 && article.htJSONString() == text)
    }
}
