import Foundation
import HTNetworking

// ht-demo: sends every request of Specs/demo.htspec.json (generated into this target by
// HTCodegenPlugin) and prints what it sent and what it got back.
//
//   swift run ht-demo                                  # against the built-in mock transport
//   swift run ht-demo --base-url http://127.0.0.1:8080 # against a real server

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
    print(
        """
        USAGE: ht-demo [--base-url <url>]

        Sends every request of the demo API (Specs/demo.htspec.json) and prints the requests and
        the mapped models. Without --base-url it answers from built-in mock responses (the JSON
        files in Sources/ht-demo/Responses, named by the mock convention: GET /user/info →
        get_user_info.json); any server that answers those paths works with --base-url.
        """)
    exit(0)
}

let client: HTClient
if let index = arguments.firstIndex(of: "--base-url") {
    guard index + 1 < arguments.count, let url = URL(string: arguments[index + 1]), url.scheme != nil else {
        FileHandle.standardError.write(Data("error: --base-url needs a URL such as http://127.0.0.1:8080\n".utf8))
        exit(2)
    }
    client = HTClient(baseURL: url)
    print("Server: \(url.absoluteString)")
} else {
    // The canned responses are JSON files named by the original mock convention (GET /users/alice/photos
    // → get_users_alice_photos.json), shipped as this executable's resources.
    guard let responses = Bundle.module.url(forResource: "Responses", withExtension: nil),
        let baseURL = URL(string: "https://api.demo.invalid")
    else {
        FileHandle.standardError.write(Data("error: the demo's Responses folder is missing from its resources\n".utf8))
        exit(1)
    }
    client = HTClient(
        configuration: HTClientConfiguration(baseURL: baseURL, defaultHeaders: ["Accept-Language": "en"]),
        transport: HTMockTransport(directory: responses))
    print(
        "Server: built-in mock transport, answering from \(responses.lastPathComponent)/ (pass --base-url to use a real server)"
    )
}

var failures = 0

/// Sends one request, prints the request line and the outcome.
@MainActor
func run<R: HTBaseRequest>(_ request: sending R, show: (R.Response) -> String) async {
    if let urlRequest = try? client.urlRequest(for: request) {
        print("\n→ \(urlRequest.httpMethod ?? "") \(urlRequest.url?.absoluteString ?? "")")
    }
    do {
        let response = try await client.response(for: request)
        print("← \(response.statusCode) \(R.Response.self): \(show(response.value))")
        for diagnostic in response.diagnostics {
            print("  warning: \(diagnostic)")
        }
    } catch {
        failures += 1
        print("← error: \(error)")
    }
}

await run(HTGetUserPhotoListRequest(userName: "alice", page: 1, authorization: "Bearer demo-token")) { photos in
    photos.map {
        "#\($0.id ?? 0) \"\($0.title ?? "")\" visibility=\($0.visibility?.rawValue ?? "-")\($0.visibility?.isKnown == false ? " (unknown value)" : "")"
    }
    .joined(separator: ", ")
}
await run(HTGetArticleRequest(id: 7)) { article in
    let comments = article.comments ?? []
    return
        "\"\(article.title ?? "")\" by \(article.author?.displayName ?? "?"), status \(article.status?.rawValue ?? "-"), "
        + "\(comments.count) comments (likes: \(comments.map { String($0.likes ?? 0) }.joined(separator: ", ")))"
}
await run(HTGetServerTimeRequest()) { time in "raw JSON \(time.serializedString())" }
await run(HTGetUserProfileRequest(userName: "alice")) { user in
    "\(user.displayName ?? "") from \(user.address?.city ?? "?"), verified: \(user.verified.map(String.init) ?? "-")"
}
// Models are immutable: a builder fills the fields once (nested models too).
let update = HTProfileUpdate {
    $0.displayName = "Alice L."
    $0.address = HTAddress { $0.city = "Shanghai" }
}
await run(HTUpdateUserProfileRequest(profileUpdate: update, authorization: "Bearer demo-token")) { user in
    "now \(user.displayName ?? "") in \(user.address?.city ?? "?")"
}
await run(HTSearchArticlesRequest(query: "json", status: .published)) { articles in
    articles.map { "\"\($0.title ?? "")\" (\($0.status?.rawValue ?? "-"))" }.joined(separator: ", ")
}
await run(HTPostCommentRequest(articleId: 7, text: "Thanks!", authorization: "Bearer demo-token")) { comment in
    "comment #\(comment.id ?? 0) by \(comment.author?.userName ?? "?")"
}
await run(HTPingRequest()) { json in "raw JSON \(json.serializedString())" }

print("\nThe model as JSON: \(update.htJSONString(options: [.sortedKeys]))")
// Editing makes a new model; `update` itself never changes.
let moved = update.with { $0.address = $0.address?.with { $0.city = "Hangzhou" } }
print("Edited copy: \(moved)")
print(failures == 0 ? "\nAll requests succeeded." : "\n\(failures) request(s) failed.")
exit(failures == 0 ? 0 : 1)
