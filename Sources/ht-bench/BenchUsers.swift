import Foundation

/// The response body of the instruction-count modes (`--cache-hits`, `--mock-sends`): seven users of the
/// shape of github-user.json (28 fields, 1.4 KB each), built in, so that those counts need no corpus
/// and do not move when the corpus does.
enum BenchUsers {
    /// `[user, user, ...]`, seven times the same user.
    static let sevenUsers: Data = {
        let user = """
            {
                "login": "example-org",
                "id": 69631,
                "avatar_url": "https://avatars.example.com/u/69631?v=3",
                "gravatar_id": "",
                "url": "https://api.example.com/users/example-org",
                "html_url": "https://example.com/example-org",
                "followers_url": "https://api.example.com/users/example-org/followers",
                "following_url": "https://api.example.com/users/example-org/following{/other_user}",
                "gists_url": "https://api.example.com/users/example-org/gists{/gist_id}",
                "starred_url": "https://api.example.com/users/example-org/starred{/owner}{/repo}",
                "subscriptions_url": "https://api.example.com/users/example-org/subscriptions",
                "organizations_url": "https://api.example.com/users/example-org/orgs",
                "repos_url": "https://api.example.com/users/example-org/repos",
                "events_url": "https://api.example.com/users/example-org/events{/privacy}",
                "received_events_url": "https://api.example.com/users/example-org/received_events",
                "type": "Organization",
                "site_admin": false,
                "name": "Example Organization",
                "company": null,
                "blog": "https://code.example.com/projects/",
                "location": "Somewhere, Some Country",
                "email": null,
                "hireable": null,
                "bio": "An organization that exists to give the benchmark a user of the usual size and shape, with a longer text field.",
                "public_repos": 147,
                "public_gists": 12,
                "followers": 0,
                "following": 0
            }
            """
        return Data(("[" + Array(repeating: user, count: 7).joined(separator: ",") + "]").utf8)
    }()
}
