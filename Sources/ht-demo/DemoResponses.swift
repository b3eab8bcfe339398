import HTNetworking

/// The JSON the demo's mock transport answers with, by route: what a real server of the demo API
/// (Specs/demo.htspec.json) would send.
enum DemoResponses {
    static let routes: [String: HTMockResponse] = [
        "GET /users/:userName/photos": .json("""
            {"photos": [
              {"id": 101, "title": "West Lake at dawn", "url": "https://img.example.com/101.jpg",
               "width": 4032, "height": 3024, "visibility": "0", "tags": ["hangzhou", "lake"],
               "exif": {"camera": "X100V", "iso": 160}},
              {"id": 102, "title": "Tea fields", "url": "https://img.example.com/102.jpg",
               "width": "3000", "height": 2000, "visibility": 1, "tags": ["longjing"]},
              {"id": 103, "title": "Night market", "url": "https://img.example.com/103.jpg",
               "visibility": "3", "width": "wide"}
            ]}
            """),
        "GET /articles/:id": .json("""
            {"code": 0, "message": "ok", "result": {
              "id": 7, "title": "Mapping JSON without reflection", "body": "Generated key tables...",
              "status": "published",
              "author": {"id": 1, "userName": "alice", "displayName": "Alice", "verified": true},
              "comments": [
                {"id": 1, "author": {"id": 2, "userName": "bob"}, "text": "Nice!", "likes": 3},
                {"id": 2, "author": {"id": 3, "userName": "carol"}, "text": "How fast is it?", "likes": "5"}
              ],
              "cover": {"id": 101, "title": "West Lake at dawn"}
            }}
            """),
        "GET /time": .json(#"{"code": 0, "message": "ok", "result": 1732233600}"#),
        "GET /users/:userName": .json("""
            {"id": 1, "userName": "alice", "displayName": "Alice", "followers": 1200, "verified": "yes",
             "address": {"province": "Zhejiang", "city": "Hangzhou"}}
            """),
        "PUT /me/profile": .json("""
            {"id": 1, "userName": "alice", "displayName": "Alice L.", "address": {"city": "Shanghai"}}
            """),
        "GET /articles": .json("""
            {"total": 2, "articles": [
              {"id": 7, "title": "Mapping JSON without reflection", "status": "published"},
              {"id": 8, "title": "Offline requests", "status": "draft"}
            ]}
            """),
        "POST /articles/:articleId/comments": .json("""
            {"comment": {"id": 3, "author": {"id": 1, "userName": "alice"}, "text": "Thanks!", "likes": 0}}
            """),
        "HEAD /ping": HTMockResponse(statusCode: 200),
    ]
}
