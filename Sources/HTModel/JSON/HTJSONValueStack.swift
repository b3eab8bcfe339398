/// A growable stack of values in manually managed memory, used by the parser to collect the elements
/// of the arrays and objects that are open.
///
/// Unlike `Array`, popping a run of elements into a new array *moves* them (no retain/release pair per
/// element), and pushes do no uniqueness check. The stack owns its elements: whatever is still on it
/// when it is destroyed (after a parse error) is deinitialized then.
struct _HTJSONValueStack<Element>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// The number of elements on the stack.
    private(set) var count: Int

    init(initialCapacity: Int) {
        let capacity = Swift.max(initialCapacity, 4)
        self.base = .allocate(capacity: capacity)
        self.capacity = capacity
        self.count = 0
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Pushes `element`.
    @inline(__always)
    mutating func push(_ element: consuming Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count &+= 1
    }

    @inline(never)
    private mutating func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Removes and returns the top element. The stack must not be empty.
    @inline(__always)
    mutating func pop() -> Element {
        precondition(count > 0, "pop from an empty stack")
        count &-= 1
        return (base + count).move()
    }

    /// The top element, or `nil` when the stack is empty. Only for trivial element types such as `Int`
    /// (it copies the element).
    @inline(__always)
    var last: Element? {
        count > 0 ? base[count &- 1] : nil
    }

    /// Removes the elements from index `start` to the top and returns them, bottom first, as an array.
    @inline(__always)
    mutating func popArray(from start: Int) -> [Element] {
        let n = count &- start
        precondition(n >= 0 && start >= 0, "popArray start out of range")
        let source = base + start
        count = start
        // Array literals and `reserveCapacity` allocate through code specialized for `Element`, which
        // skips the runtime metadata lookup that `init(unsafeUninitializedCapacity:)` does on every
        // call (about 20 ns): a literal for the small arrays that dominate real documents, appends
        // into reserved capacity for the others.
        switch n {
        case 0: return []
        case 1: return [source.move()]
        case 2: return [source.move(), (source + 1).move()]
        case 3: return [source.move(), (source + 1).move(), (source + 2).move()]
        case 4: return [source.move(), (source + 1).move(), (source + 2).move(), (source + 3).move()]
        default:
            var elements: [Element] = []
            elements.reserveCapacity(n)
            for index in 0..<n {
                elements.append((source + index).move())
            }
            return elements
        }
    }

    /// Removes the top `n` elements, passing a pointer to the lowest of them to `body`, which must
    /// move-initialize or deinitialize all `n` of them.
    @inline(__always)
    mutating func consumeTop<R>(_ n: Int, _ body: (UnsafeMutablePointer<Element>) -> R) -> R {
        precondition(n >= 0 && n <= count, "consumeTop count out of range")
        count &-= n
        return body(base + count)
    }
}
