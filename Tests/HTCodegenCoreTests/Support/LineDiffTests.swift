import Testing

/// The line differ that golden failures print.
@Suite struct LineDiffTests {
    @Test func equalTextsHaveNoDiff() {
        #expect(LineDiff.unified(old: "a\nb\n", new: "a\nb\n") == "")
    }

    @Test func oneChangedLineShowsItsContext() {
        let old = (1...10).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "line 5\n", with: "line five\n")
        #expect(
            LineDiff.unified(old: old, new: new, oldName: "golden", newName: "generated") == """
                --- golden
                +++ generated
                @@ -2,7 +2,7 @@
                 line 2
                 line 3
                 line 4
                -line 5
                +line five
                 line 6
                 line 7
                 line 8

                """)
    }

    @Test func insertionsAndDeletionsCountLines() {
        #expect(
            LineDiff.unified(old: "a\nb\nc\n", new: "a\nc\nd\n", context: 0) == """
                --- expected
                +++ actual
                @@ -2,1 +1,0 @@
                -b
                @@ -3,0 +3,1 @@
                +d

                """)
        #expect(
            LineDiff.unified(old: "", new: "x\n", context: 1) == """
                --- expected
                +++ actual
                @@ -0,0 +1,1 @@
                +x

                """)
    }

    @Test func nearbyChangesShareAHunkAndFarOnesDoNot() {
        let old = (1...30).map(String.init)
        var new = old
        new[2] = "three"
        new[5] = "six"
        new[25] = "twenty-six"
        let diff = LineDiff.unified(old: old.joined(separator: "\n"), new: new.joined(separator: "\n"), context: 2)
        let headers = diff.split(separator: "\n").filter { $0.hasPrefix("@@") }
        #expect(headers == ["@@ -1,8 +1,8 @@", "@@ -24,5 +24,5 @@"])
    }

    @Test func theEditScriptIsMinimal() {
        let edits = LineDiff.edits(["a", "b", "c", "d"], ["a", "x", "c", "d", "e"])
        #expect(edits == [.same("a"), .removed("b"), .added("x"), .same("c"), .same("d"), .added("e")])
        #expect(edits.filter { if case .same = $0 { return true } else { return false } }.count == 3)
    }

    @Test func aMissingFinalNewlineIsNamed() {
        #expect(LineDiff.unified(old: "a\n", new: "a").contains("only the final newline differs"))
    }
}
