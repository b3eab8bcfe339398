/// Which query parameters carry credentials: the logger's default rule for secret query parameters
/// (``HTLogRedaction/defaultQueryParameterNames`` and ``HTLogRedaction/defaultNamePatterns``):
/// `access_token`, `api_key`, `key`, `token`, `sig`, any name containing `token`, `secret`, `session`,
/// ... The cache scopes an entry by them as by credential headers (``HTCacheScope``).
enum HTCredentialQueryParameters {
    private static let rule = HTLogRedaction()
    /// Answers for the names seen so far (the rule's pattern search allocates); past 1,024 it starts over.
    private static let answers = HTLocked<[String: Bool]>([:])

    /// Whether a query parameter named `name` (percent-decoded; any case) carries credentials.
    static func contains(_ name: String) -> Bool {
        if let known = answers.withLock({ $0[name] }) { return known }
        let answer = rule.isSecretQueryParameter(name)
        answers.withLock { answers in
            if answers.count >= 1024 { answers.removeAll(keepingCapacity: true) }
            answers[name] = answer
        }
        return answer
    }
}
