/// Which branch of an "if A succeeds then B else C" ran, with its value.
public enum HTBranch<Then, Else> {
    /// The condition succeeded; the value of the `then` branch.
    case then(Then)
    /// The condition failed; the value of the `else` branch.
    case `else`(Else)

    /// The `then` value, or `nil` when the `else` branch ran.
    public var thenValue: Then? {
        if case .then(let value) = self { return value }
        return nil
    }

    /// The `else` value, or `nil` when the `then` branch ran.
    public var elseValue: Else? {
        if case .else(let value) = self { return value }
        return nil
    }
}

extension HTBranch where Then == Else {
    /// The value, whichever branch ran.
    public var value: Then {
        switch self {
        case .then(let value), .else(let value): return value
        }
    }
}

extension HTBranch: Sendable where Then: Sendable, Else: Sendable {}
