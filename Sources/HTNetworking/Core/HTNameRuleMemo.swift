/// A name rule's answers, remembered: the credential rules (``HTCredentialHeaders``, the cache's
/// credential query parameters) are asked for every header and parameter of every cached request, and
/// the log redaction's pattern search allocates. Apps use a few dozen names; past 1,024 it starts over.
final class HTNameRuleMemo: Sendable {
    private let rule: @Sendable (String) -> Bool
    private let answers = HTLocked<[String: Bool]>([:])

    init(_ rule: @escaping @Sendable (String) -> Bool) {
        self.rule = rule
    }

    /// The rule's answer for `name`.
    func callAsFunction(_ name: String) -> Bool {
        if let known = answers.withLock({ $0[name] }) { return known }
        let answer = rule(name)
        answers.withLock { answers in
            if answers.count >= 1024 { answers.removeAll(keepingCapacity: true) }
            answers[name] = answer
        }
        return answer
    }
}
