/// Timing for ht-bench: warm-up, then the median of repeated timed batches, measured with
/// `ContinuousClock`. Two bodies compared against each other are timed in alternation, batch by batch,
/// so that a slow phase of the machine affects both alike.
struct BenchClock {
    /// Batches per measurement (the median is taken).
    var samples: Int
    /// The shortest batch: enough iterations are run per batch to last at least this long.
    var minimumBatch: Duration
    /// Warm-up iterations before calibration.
    var warmUp: Int

    /// The median time of one call of `body`, in seconds.
    func seconds(_ body: () throws -> Void) rethrows -> Double {
        try compare(body, nil).0
    }

    /// The median time of one call of `a` and of `b`, in seconds, timed in alternating batches.
    func compare(_ a: () throws -> Void, _ b: (() throws -> Void)?) rethrows -> (Double, Double) {
        let clock = ContinuousClock()
        for _ in 0..<warmUp {
            try a()
            try b?()
        }
        // Calibrate on `a` (and `b`): how many iterations make a batch of `minimumBatch`.
        func iterations(_ body: () throws -> Void) rethrows -> Int {
            var count = 1
            while true {
                let elapsed = try clock.measure { for _ in 0..<count { try body() } }
                if elapsed >= minimumBatch || count >= 1 << 20 { return count }
                count *= 2
            }
        }
        let countA = try iterations(a)
        let countB = try b.map { try iterations($0) } ?? 0
        var timesA: [Double] = []
        var timesB: [Double] = []
        for _ in 0..<samples {
            let elapsedA = try clock.measure { for _ in 0..<countA { try a() } }
            timesA.append(elapsedA.seconds / Double(countA))
            if let b {
                let elapsedB = try clock.measure { for _ in 0..<countB { try b() } }
                timesB.append(elapsedB.seconds / Double(countB))
            }
        }
        return (Self.median(timesA), timesB.isEmpty ? 0 : Self.median(timesB))
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}

/// Keeps a value alive and observed so that the optimizer cannot drop the work that made it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
