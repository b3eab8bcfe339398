/// A small line diff for test failures: a unified diff (`---`, `+++`, `@@ -a,n +b,m @@` hunks with a
/// few lines of context) instead of two whole files in one message.
enum LineDiff {
    /// One line of the edit script.
    enum Edit: Equatable {
        case same(String)
        case removed(String)
        case added(String)
    }

    /// The edit script from `old` to `new`: a longest common subsequence of lines, after the common
    /// prefix and suffix are set aside (goldens usually differ in a few places).
    static func edits(_ old: [String], _ new: [String]) -> [Edit] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
            old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
        {
            suffix += 1
        }
        let a = Array(old[prefix..<(old.count - suffix)])
        let b = Array(new[prefix..<(new.count - suffix)])
        // lengths[i][j]: the LCS length of a[i...] and b[j...], in one flat array. Removals come before
        // additions where both are minimal, as in `diff -u`.
        let width = b.count + 1
        var lengths = [Int](repeating: 0, count: (a.count + 1) * width)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i * width + j] =
                    a[i] == b[j]
                    ? lengths[(i + 1) * width + j + 1] + 1
                    : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
            }
        }
        var result = old[..<prefix].map(Edit.same)
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                result.append(.same(a[i]))
                i += 1
                j += 1
            } else if i < a.count, j == b.count || lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] {
                result.append(.removed(a[i]))
                i += 1
            } else {
                result.append(.added(b[j]))
                j += 1
            }
        }
        result += old[(old.count - suffix)...].map(Edit.same)
        return result
    }

    /// The unified diff of two texts, or `""` when they are equal. `context` lines of unchanged text
    /// surround each change; changes closer than twice that share a hunk.
    static func unified(
        old: String, new: String, oldName: String = "expected", newName: String = "actual", context: Int = 3
    )
        -> String
    {
        guard old != new else { return "" }
        let edits = edits(lines(old), lines(new))
        let changed = edits.indices.filter { if case .same = edits[$0] { return false } else { return true } }
        // Hunks as ranges of edit indices.
        var hunks: [Range<Int>] = []
        for index in changed {
            let start = max(0, index - context)
            let end = min(edits.count, index + context + 1)
            if let last = hunks.last, start <= last.upperBound {
                hunks[hunks.count - 1] = last.lowerBound..<end
            } else {
                hunks.append(start..<end)
            }
        }
        // Line numbers before each edit.
        var oldLine = [Int](repeating: 0, count: edits.count + 1)
        var newLine = [Int](repeating: 0, count: edits.count + 1)
        for (index, edit) in edits.enumerated() {
            oldLine[index + 1] = oldLine[index] + (isAdded(edit) ? 0 : 1)
            newLine[index + 1] = newLine[index] + (isRemoved(edit) ? 0 : 1)
        }
        var output = "--- \(oldName)\n+++ \(newName)\n"
        if hunks.isEmpty { return output + "(the lines are equal; only the final newline differs)\n" }
        for hunk in hunks {
            let oldCount = oldLine[hunk.upperBound] - oldLine[hunk.lowerBound]
            let newCount = newLine[hunk.upperBound] - newLine[hunk.lowerBound]
            let oldStart = oldLine[hunk.lowerBound] + (oldCount == 0 ? 0 : 1)
            let newStart = newLine[hunk.lowerBound] + (newCount == 0 ? 0 : 1)
            output += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n"
            for edit in edits[hunk] {
                switch edit {
                case .same(let text): output += " \(text)\n"
                case .removed(let text): output += "-\(text)\n"
                case .added(let text): output += "+\(text)\n"
                }
            }
        }
        return output
    }

    /// The lines of `text`; a final newline ends the last line rather than starting an empty one.
    static func lines(_ text: String) -> [String] {
        if text.isEmpty { return [] }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if text.hasSuffix("\n") { lines.removeLast() }
        return lines
    }

    private static func isAdded(_ edit: Edit) -> Bool {
        if case .added = edit { return true }
        return false
    }

    private static func isRemoved(_ edit: Edit) -> Bool {
        if case .removed = edit { return true }
        return false
    }
}
