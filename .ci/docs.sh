#!/usr/bin/env bash
# Builds the DocC documentation of HTNetworking, HTModel and HTNetworkingCompat and fails on any DocC
# warning, run by hand or by CI from anywhere: `bash .ci/docs.sh`.
#
# The package has no dependencies, so the swift-docc-plugin (`swift package generate-documentation`)
# is not available; this script does what the plugin does with the toolchain's own tools:
#   1. `swift build --target HTNetworkingCompat` (which builds HTModel and HTNetworking first) into its
#      own scratch folder (.build-docs, so the normal .build is not rebuilt with other flags), with the
#      compiler writing the symbol graphs of every module it compiles (-emit-symbol-graph), with
#      extension blocks (-emit-extension-block-symbols: HTNetworkingCompat's members of HTClient,
#      HTFreezeManager.Configuration and Notification.Name get pages, under "Extended Modules");
#   2. for each of HTNetworking, HTModel and HTNetworkingCompat, `docc convert
#      Sources/<Target>/<Target>.docc` with that module's symbol graphs and --warnings-as-errors: a
#      broken symbol link (``Name``), an ambiguous one, a Topics entry that resolves to nothing, a doc
#      comment that documents some parameters but not all, or an article link (<doc:Name>) that goes
#      nowhere fails the script, in the catalogs and in the doc comments alike. (A catalog sees only its
#      own module's symbols, and HTModel's in HTNetworking's, which re-exports it: HTNetworkingCompat's
#      doc comments name HTNetworking's types in plain code voice.)
# The archives go to .build-docs/docs/<Target>.doccarchive (open with `docc preview` or host them
# with `docc process-archive transform-for-static-hosting`).
# The symbol graphs stay in .build-docs/symbol-graphs: .ci/public-api.py counts the public API from them.
#
# Environment: DOCC (default: docc on PATH, else next to swift), HT_DOCS_SCRATCH (default .build-docs).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
cd "$ROOT"
SCRATCH=${HT_DOCS_SCRATCH:-$ROOT/.build-docs}
GRAPHS="$SCRATCH/symbol-graphs"
OUT="$SCRATCH/docs"

now() {
    if [ -n "${EPOCHREALTIME:-}" ]; then printf '%s\n' "${EPOCHREALTIME/,/.}"; else date +%s; fi
}
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

DOCC=${DOCC:-$(command -v docc || true)}
if [ -z "$DOCC" ]; then
    SWIFT=$(command -v swift || true)
    [ -n "$SWIFT" ] && [ -x "$(dirname "$(readlink -f "$SWIFT")")/docc" ] && DOCC="$(dirname "$(readlink -f "$SWIFT")")/docc"
fi
if [ -z "$DOCC" ]; then
    echo "docs: docc not found (it ships with the Swift toolchain; set DOCC=/path/to/docc)" >&2
    exit 1
fi

START=$(now)
echo "== docs: symbol graphs (swift build --target HTNetworkingCompat --scratch-path $SCRATCH)"
build_graphs() {
    mkdir -p "$GRAPHS" "$OUT"
    swift build --target HTNetworkingCompat --scratch-path "$SCRATCH" \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$GRAPHS" \
        -Xswiftc -emit-extension-block-symbols
}
build_graphs
# The compiler writes a module's graph only when it compiles the module: an up-to-date build keeps the
# graphs of the last compile (current, since nothing changed). If they are gone, build from scratch.
if [ ! -f "$GRAPHS/HTNetworking.symbols.json" ] || [ ! -f "$GRAPHS/HTModel.symbols.json" ] ||
    [ ! -f "$GRAPHS/HTNetworkingCompat.symbols.json" ]; then
    echo "== docs: symbol graphs missing; rebuilding $SCRATCH from scratch"
    rm -rf "$SCRATCH"
    build_graphs
fi
BUILT=$(now)

status=0
for TARGET in HTNetworking HTModel HTNetworkingCompat; do
    CATALOG="Sources/$TARGET/$TARGET.docc"
    MODULE_GRAPHS="$SCRATCH/symbol-graphs-$TARGET"
    rm -rf "$MODULE_GRAPHS" "$OUT/$TARGET.doccarchive"
    mkdir -p "$MODULE_GRAPHS"
    # The module's own graph and its extensions of other modules (HTNetworking@Foundation...), and
    # nothing else: docc documents one module per catalog.
    cp "$GRAPHS/$TARGET.symbols.json" "$MODULE_GRAPHS/"
    find "$GRAPHS" -maxdepth 1 -name "$TARGET@*.symbols.json" -exec cp {} "$MODULE_GRAPHS/" \;
    echo "== docs: docc convert $CATALOG"
    if "$DOCC" convert "$CATALOG" \
        --additional-symbol-graph-dir "$MODULE_GRAPHS" \
        --output-path "$OUT/$TARGET.doccarchive" \
        --fallback-display-name "$TARGET" \
        --fallback-bundle-identifier "org.htnetworking.$TARGET" \
        --warnings-as-errors; then
        echo "PASS: $TARGET documentation built without warnings ($OUT/$TARGET.doccarchive)"
    else
        echo "FAIL: docc reported warnings or errors for $CATALOG (above)" >&2
        status=1
    fi
done
END=$(now)
printf '== docs: symbol graphs %ss, docc %ss, total %ss\n' \
    "$(elapsed "$START" "$BUILT")" "$(elapsed "$BUILT" "$END")" "$(elapsed "$START" "$END")"
exit "$status"
