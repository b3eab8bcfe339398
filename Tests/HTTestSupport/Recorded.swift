/// A thread-safe list, appended to from `@Sendable` closures.
package final class Recorded<Element: Sendable>: Sendable {
    private let storage = LockedBox<[Element]>([])

    package init() {}

    package func append(_ element: Element) {
        storage.withLock { $0.append(element) }
    }

    package var values: [Element] { storage.value }
    package var count: Int { storage.withLock { $0.count } }
}
