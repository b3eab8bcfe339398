#!/usr/bin/env bash
# Compile check of the code generated from the two real NEI exports in the corpus, run by .ci/run (or by
# hand from anywhere): HT_CORPUS=/path/to/shared/data bash .ci/nei-compile.sh
#
#   1. builds ht-codegen from this checkout;
#   2. generates $HT_CORPUS/nei/heartouch-v0-export.json (NEI v0.x) and $HT_CORPUS/nei/nei-v3-export.json
#      (NEI v3.x), each into its own library target of a temporary package that depends on this
#      checkout (.package(path:)) and its HTNetworking product (one target per export, since both
#      exports declare types of the same names, such as ResultData);
#   3. builds that package with its own scratch path inside the temporary folder;
#   4. fails on any generator error, any build error, and any compiler warning in a generated file.
# Prints PASS or FAIL. Skips (exit 0, with a message) when HT_CORPUS is not set.
# HT_SCRATCH_PATH, if set, is the scratch path for building ht-codegen (default: SwiftPM's .build).
# Needs swift. Cleans up its temporary folder.
set -euo pipefail

# shellcheck source=lib/consumer-build.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/consumer-build.sh"

if [ -z "${HT_CORPUS:-}" ]; then
    echo "SKIP: HT_CORPUS is not set; point it at the shared data folder (with nei/*.json) to compile the code generated from the NEI exports"
    exit 0
fi
command -v swift >/dev/null || fail "swift is not on PATH"

V0_EXPORT="$HT_CORPUS/nei/heartouch-v0-export.json"
V3_EXPORT="$HT_CORPUS/nei/nei-v3-export.json"
[ -f "$V0_EXPORT" ] || fail "the v0.x export is missing: $V0_EXPORT"
[ -f "$V3_EXPORT" ] || fail "the v3.x export is missing: $V3_EXPORT"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/ht-nei-compile.XXXXXX")
PKG="$WORK/NEICompileCheck"
SCRATCH="$WORK/scratch"
LOG="$WORK/build.log"
cleanup() { rm -rf "$WORK"; }
trap cleanup EXIT

build_codegen "nei compile" "$LOG"

# generate TARGET EXPORT: generates one export into Sources/TARGET/ of the temporary package.
generate() {
    local target=$1 export=$2 spec
    mkdir -p "$PKG/Sources/$target" "$WORK/specs"
    # The spec keeps its name (nei.json ending) so diagnostics and file headers name the export.
    spec="$WORK/specs/$(basename "$export" .json).nei.json"
    cp "$export" "$spec"
    if ! "$CODEGEN" generate "$spec" --output-dir "$PKG/Sources/$target" --quiet >"$LOG" 2>&1; then
        indent <"$LOG"
        fail "ht-codegen reported errors for $export"
    fi
    if [ -s "$LOG" ]; then
        echo "    generator diagnostics for $(basename "$export"):"
        indent <"$LOG"
    fi
    # The three files of every spec, plus a models and a requests file per further shard (an export
    # above 32 KiB is split: see `ht-codegen --help`, --shards).
    local count stem models requests name
    stem=$(basename "$spec" .nei.json)
    for name in "$stem+Models.swift" "$stem+Requests.swift" "$stem+Enums.swift"; do
        [ -f "$PKG/Sources/$target/$name" ] || fail "ht-codegen did not write $name for $export"
    done
    count=$(find "$PKG/Sources/$target" -name '*.swift' | wc -l)
    models=$(find "$PKG/Sources/$target" -name "$stem+Models*.swift" | wc -l)
    requests=$(find "$PKG/Sources/$target" -name "$stem+Requests*.swift" | wc -l)
    [ "$models" -eq "$requests" ] && [ "$count" -eq $((models + requests + 1)) ] ||
        fail "expected one models and one requests file per shard and one enums file for $export, found $count files"
    pass "generated $(basename "$export") into Sources/$target ($(cat "$PKG/Sources/$target"/*.swift | wc -l) lines)"
}

echo "== nei compile: generating both exports"
generate NEIV0 "$V0_EXPORT"
generate NEIV3 "$V3_EXPORT"

consumer_manifest NEICompileCheck no \
    "Written by .ci/nei-compile.sh: the code generated from the NEI exports, one target per export." \
    NEIV0 NEIV3 >"$PKG/Package.swift"

echo "== nei compile: swift build of the generated code"
if ! consumer_build "${LOG%.log}"; then
    grep -E '(error|warning):' "$LOG" | sort -u | indent || true
    echo "    (full log:)"
    indent <"$LOG"
    fail "the generated code does not compile"
fi
tail -n 1 "$LOG" | indent
pass "the generated code compiles"

WARNINGS=$(grep -E "^$PKG/Sources/[^:]+:[0-9]+:[0-9]+: warning:" "$LOG" | sort -u || true)
if [ -n "$WARNINGS" ]; then
    printf '%s\n' "$WARNINGS" | indent
    fail "the compiler warned about the generated code (above)"
fi
pass "no compiler warnings in the generated code"
echo "PASS: NEI exports generate code that compiles without warnings"
