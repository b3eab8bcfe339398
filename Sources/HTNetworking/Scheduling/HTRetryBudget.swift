/// How many retries a client may make, in proportion to the requests it sends, so that a failing server
/// gets no retry storm: every send with a retry policy earns ``ratio`` of a retry, every retry spends
/// one, and a retry is made only while one is left (the same idea as gRPC's and Finagle's budgets). It
/// starts with ``reserve`` retries and holds at most that many.
///
/// With the default (a tenth of a retry per request, a reserve of 10), a server that fails every request
/// gets at most 10 % more requests than the app sends, plus 10, however many retries each policy allows;
/// a server that fails now and then gets every retry the policies allow.
///
/// ```swift
/// configuration.retryBudget = HTRetryBudget(ratio: 0.2, reserve: 20)   // nil: no budget
/// ```
public struct HTRetryBudget: Sendable, Hashable {
    /// The retries each send with a retry policy earns (0.1: one retry per ten sends).
    public var ratio: Double
    /// The retries the budget starts with, and the most it holds.
    public var reserve: Double

    /// A tenth of a retry per send, and a reserve of 10.
    public static let `default` = HTRetryBudget()

    /// Creates a budget.
    public init(ratio: Double = 0.1, reserve: Double = 10) {
        self.ratio = max(0, ratio)
        self.reserve = max(1, reserve)
    }

    /// A client's budget as it is spent and earned, in millionths of a retry (so that ten tenths make
    /// exactly one).
    final class Account: Sendable {
        private static let unit = 1_000_000
        private let share: Int
        private let reserve: Int
        private let balance: HTLocked<Int>

        init(_ budget: HTRetryBudget) {
            share = Int((min(budget.ratio, 1_000) * Double(Self.unit)).rounded())
            reserve = Int((min(budget.reserve, 1_000_000) * Double(Self.unit)).rounded())
            balance = HTLocked(reserve)
        }

        /// Earns a send's share of a retry.
        func deposit() {
            balance.withLock { $0 = min(reserve, $0 + share) }
        }

        /// Spends one retry; `false` when none is left (the retry is not made).
        func withdraw() -> Bool {
            balance.withLock { balance in
                guard balance >= Self.unit else { return false }
                balance -= Self.unit
                return true
            }
        }
    }
}
