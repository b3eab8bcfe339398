#!/usr/bin/env bash
# Side-by-side benchmark of issue #26: ht-codegen and swift-openapi-generator 1.14.3 on real OpenAPI
# documents, from one run: generation CPU time, generated lines, and the CPU time and peak memory of a
# consumer's debug build of the generated code. Prints a Markdown table and what each generator failed
# on or skipped. A measurement, not a test: exits 0 unless a step of its own (a build of a generator)
# fails; a generator or consumer build that fails on a document is reported in the table.
#
# usage: bash Benchmarks/CompileCost/openapi-side-by-side.sh [options] [DOCUMENT...]
#   DOCUMENT               petstore, discourse, box (the default: all three), petstore-expanded, azure,
#                          or the path of any OpenAPI document
#   --corpus DIR           the shared data folder (default: $HT_CORPUS, else ../shared/data beside
#                          the checkout)
#   --ours-only            only ht-codegen (the peer is neither built nor run)
#   --peer-only            only swift-openapi-generator
#   --no-build             generation only (no consumer builds)
#   --generators CONFIG    build the generators timed in step 2 as CONFIG, release (the default: as a
#                          released tool runs) or debug (as a debug build's plugins run them)
#   --keep DIR             keep the documents, generated files, consumer packages and logs in DIR (and
#                          reuse its consumer scratch folders: dependencies are not rebuilt on a second run;
#                          the packages are written anew, so their targets are compiled again)
#
# Steps:
#   1. builds ht-codegen in the root package (its .build) and swift-openapi-generator in this folder's
#      package (Benchmarks/CompileCost/.build; several minutes the first time, more in release), both in
#      the configuration --generators names (release by default);
#   2. per document, under /usr/bin/time -v: `ht-codegen generate DOC --declare-abstract-types --verbose`
#      (what the build plugin runs, shards and all) and `swift-openapi-generator generate --mode types
#      --mode client --access-modifier internal` (the peer's CLI; the same as its plugin with an
#      openapi-generator-config.yaml of `generate: [types, client]` and `accessModifier: internal`);
#      CPU = user + sys; warnings = the diagnostics each prints with "warning:";
#   3. consumer packages, one target per document, built with `swift build --target` (debug) after their
#      dependencies (ours: HTNetworking, ht-codegen and the plugin, through a target with a one-operation
#      document; the peer: OpenAPIRuntime and HTTPTypes):
#        ours: the target holds the document as `<name>.openapi.yaml|json` and applies HTCodegenPlugin
#              (so the build includes the plugin's generation, under a second);
#        peer: the target holds the peer's generated files (`Types.swift`, `Client.swift`), as its plugin
#              would produce them (its generation is not in the build figure);
#      CPU = user + sys of the whole build; peak RSS = the largest single process (the compiler's
#      largest frontend, or SwiftPM itself when that is larger), as Benchmarks/CompileCost/run.sh measures.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
ROOT=$(cd "$HERE/../.." && pwd -P)

CORPUS=${HT_CORPUS:-}
OURS=1
PEER=1
BUILD=1
GENERATORS=release
KEEP_DIR=""
NAMES=()
while [ $# -gt 0 ]; do
    case "$1" in
        --corpus) CORPUS=${2:?--corpus needs a folder}; shift ;;
        --ours-only) PEER=0 ;;
        --peer-only) OURS=0 ;;
        --no-build) BUILD=0 ;;
        --generators) GENERATORS=${2:?--generators needs release or debug}; shift ;;
        --keep) KEEP_DIR=${2:?--keep needs a folder}; shift ;;
        -h | --help) sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        -*) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
        *) NAMES+=("$1") ;;
    esac
    shift
done
if [ ${#NAMES[@]} -eq 0 ]; then NAMES=(petstore discourse box); fi
case "$GENERATORS" in release | debug) ;; *) echo "--generators takes release or debug" >&2; exit 2 ;; esac
if [ -z "$CORPUS" ]; then
    CORPUS="$ROOT/../shared/data"
fi
[ -x /usr/bin/time ] || { echo "/usr/bin/time (GNU time) is needed for peak RSS: apt-get install time" >&2; exit 1; }

# The documents: a short name of the corpus, or a path.
DOC_NAMES=()
DOC_FILES=()
for name in "${NAMES[@]}"; do
    case "$name" in
        petstore) file="$CORPUS/openapi/oai-petstore.yaml" ;;
        petstore-expanded) file="$CORPUS/openapi/oai-petstore-expanded.yaml" ;;
        discourse) file="$CORPUS/openapi/discourse.openapi.yaml" ;;
        box) file="$CORPUS/openapi/box.openapi.json" ;;
        azure) file="$CORPUS/openapi/azure-aziot-identityd.openapi.yaml" ;;
        *) file=$name ;;
    esac
    [ -f "$file" ] || { echo "no such document: $file (for '$name'; --corpus or HT_CORPUS names the data folder)" >&2; exit 2; }
    base=$(basename "$file")
    stem=${base%.*}
    stem=${stem%.openapi}
    stem=${stem#oai-}
    DOC_NAMES+=("$(printf '%s' "$stem" | awk -F'[^A-Za-z0-9]+' '{
        out = ""; for (i = 1; i <= NF; i++) if ($i != "") out = out toupper(substr($i, 1, 1)) substr($i, 2); print out }')")
    DOC_FILES+=("$(cd "$(dirname "$file")" && pwd -P)/$base")
done

if [ -n "$KEEP_DIR" ]; then
    mkdir -p "$KEEP_DIR"
    WORK=$(cd "$KEEP_DIR" && pwd -P)
else
    WORK=$(mktemp -d "${TMPDIR:-/tmp}/ht-openapi-side.XXXXXX")
    trap 'rm -rf "$WORK"' EXIT
fi
LOG="$WORK/step.log"
mkdir -p "$WORK/logs"

# step DESCRIPTION COMMAND...: runs a build step quietly; prints its log and exits on failure.
step() {
    local description=$1
    shift
    if ! "$@" >"$LOG" 2>&1; then
        sed 's/^/    | /' "$LOG" | tail -n 80 >&2
        echo "FAILED: $description" >&2
        exit 1
    fi
}
# measure PREFIX COMMAND...: runs COMMAND under /usr/bin/time -v, output in PREFIX.log; writes
# PREFIX.{status,wall,cpu,rss} (exit status, seconds, seconds, KiB). Never fails itself.
measure() {
    local prefix=$1 status=0
    shift
    /usr/bin/time -v -o "$prefix.time" "$@" >"$prefix.log" 2>&1 || status=$?
    printf '%s\n' "$status" >"$prefix.status"
    awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }' \
        "$prefix.time" >"$prefix.wall"
    awk -F': ' '/User time/ { u = $2 } /System time/ { s = $2 } END { printf "%.2f\n", u + s }' "$prefix.time" >"$prefix.cpu"
    awk -F': ' '/Maximum resident set size/ { print $2 }' "$prefix.time" >"$prefix.rss"
}
lines_in() { find "$1" -name '*.swift' -print0 2>/dev/null | xargs -0 -r cat | wc -l; }
files_in() { find "$1" -name '*.swift' 2>/dev/null | wc -l; }

# 1. The generators.
if [ "$OURS" -eq 1 ]; then
    echo "== building ht-codegen (root package, $GENERATORS)" >&2
    step "swift build -c $GENERATORS --product ht-codegen" \
        swift build --package-path "$ROOT" -c "$GENERATORS" --product ht-codegen
    OURS_GEN="$(swift build --package-path "$ROOT" -c "$GENERATORS" --show-bin-path)/ht-codegen"
fi
if [ "$PEER" -eq 1 ]; then
    echo "== building swift-openapi-generator (Benchmarks/CompileCost, $GENERATORS; slow the first time)" >&2
    step "swift build -c $GENERATORS --product swift-openapi-generator" \
        swift build --package-path "$HERE" -c "$GENERATORS" --product swift-openapi-generator
    PEER_GEN="$(swift build --package-path "$HERE" -c "$GENERATORS" --show-bin-path)/swift-openapi-generator"
fi

# 2. Generation.
for i in "${!DOC_NAMES[@]}"; do
    doc=${DOC_NAMES[$i]}
    file=${DOC_FILES[$i]}
    base=$(basename "$file")
    ext=${base##*.}
    stem=${base%.*}
    stem=${stem%.openapi}
    mkdir -p "$WORK/specs/$doc"
    SPEC="$WORK/specs/$doc/$stem.openapi.$ext"
    # The corpus's files may be read-only: copies are written anew.
    rm -f "$WORK/specs/$doc"/*
    cp "$file" "$SPEC"
    rm -f "$WORK/logs/$doc".*
    if [ "$OURS" -eq 1 ]; then
        echo "== $doc: generating with ht-codegen" >&2
        rm -rf "$WORK/gen/ours/$doc"
        mkdir -p "$WORK/gen/ours/$doc"
        measure "$WORK/logs/$doc.ours.gen" "$OURS_GEN" generate "$SPEC" --output-dir "$WORK/gen/ours/$doc" \
            --declare-abstract-types --verbose
    fi
    if [ "$PEER" -eq 1 ]; then
        echo "== $doc: generating with swift-openapi-generator" >&2
        rm -rf "$WORK/gen/peer/$doc"
        mkdir -p "$WORK/gen/peer/$doc"
        # The peer reads the document under its own name (openapi.yaml|json), as its plugin does.
        cp "$file" "$WORK/specs/$doc/openapi.$ext"
        measure "$WORK/logs/$doc.peer.gen" "$PEER_GEN" generate --mode types --mode client --access-modifier internal \
            --output-directory "$WORK/gen/peer/$doc" "$WORK/specs/$doc/openapi.$ext"
    fi
done

# 3. Consumer builds.
ROOT_LITERAL=$(printf '%s' "$ROOT" | sed 's/\\/\\\\/g; s/"/\\"/g')
IDENTITY=$(basename "$ROOT_LITERAL")
if [ "$BUILD" -eq 1 ] && [ "$OURS" -eq 1 ]; then
    PKG="$WORK/packages/OursConsumer"
    rm -rf "$PKG"
    mkdir -p "$PKG/Sources"
    {
        printf '// swift-tools-version: 6.2\n// Written by openapi-side-by-side.sh: one target per document, the plugin generates.\n'
        printf 'import PackageDescription\n\nlet package = Package(\n    name: "OursConsumer",\n'
        printf '    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],\n'
        printf '    dependencies: [.package(path: "%s")],\n    targets: [\n' "$ROOT_LITERAL"
        for doc in Warmup "${DOC_NAMES[@]}"; do
            printf '        .target(\n            name: "Ours%s", dependencies: [.product(name: "HTNetworking", package: "%s")],\n' "$doc" "$IDENTITY"
            printf '            plugins: [.plugin(name: "HTCodegenPlugin", package: "%s")]),\n' "$IDENTITY"
        done
        printf '    ],\n    swiftLanguageModes: [.v6]\n)\n'
    } >"$PKG/Package.swift"
    for doc in "${DOC_NAMES[@]}"; do
        mkdir -p "$PKG/Sources/Ours$doc"
        cp "$WORK/specs/$doc"/*.openapi.* "$PKG/Sources/Ours$doc/"
        printf '// The consumer target: its code is what HTCodegenPlugin generates.\nimport HTNetworking\n' \
            >"$PKG/Sources/Ours$doc/Ours$doc.swift"
    done
    # A target with a one-operation document, built with the dependencies: compiles the plugin itself,
    # so that the first document's figure is not charged for it.
    mkdir -p "$PKG/Sources/OursWarmup"
    printf 'import HTNetworking\n' >"$PKG/Sources/OursWarmup/OursWarmup.swift"
    cp "$ROOT/.ci/warmup.openapi.yaml" "$PKG/Sources/OursWarmup/warmup.openapi.yaml"
    OURS_SCRATCH="$WORK/scratch/ours"
    echo "== ours: building the consumer's dependencies (HTNetworking, ht-codegen)" >&2
    step "ours consumer: swift build --target HTNetworking" \
        swift build --package-path "$PKG" --scratch-path "$OURS_SCRATCH" --target HTNetworking
    step "ours consumer: swift build --product ht-codegen" \
        swift build --package-path "$PKG" --scratch-path "$OURS_SCRATCH" --product ht-codegen
    step "ours consumer: swift build --target OursWarmup (compiles the plugin)" \
        swift build --package-path "$PKG" --scratch-path "$OURS_SCRATCH" --target OursWarmup
    OURS_PKG=$PKG
fi
if [ "$BUILD" -eq 1 ] && [ "$PEER" -eq 1 ]; then
    PKG="$WORK/packages/PeerConsumer"
    rm -rf "$PKG"
    mkdir -p "$PKG/Sources"
    {
        printf '// swift-tools-version: 6.2\n// Written by openapi-side-by-side.sh: one target per document, with the peer'"'"'s generated files.\n'
        printf 'import PackageDescription\n\nlet package = Package(\n    name: "PeerConsumer",\n'
        printf '    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],\n'
        printf '    dependencies: [.package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4")],\n'
        printf '    targets: [\n        .target(name: "PeerAnchor", dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")]),\n'
        for doc in "${DOC_NAMES[@]}"; do
            printf '        .target(name: "Peer%s", dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")]),\n' "$doc"
        done
        printf '    ],\n    swiftLanguageModes: [.v6]\n)\n'
    } >"$PKG/Package.swift"
    mkdir -p "$PKG/Sources/PeerAnchor"
    printf '// Building this target builds the peer'"'"'s runtime (OpenAPIRuntime, HTTPTypes).\nimport OpenAPIRuntime\n' \
        >"$PKG/Sources/PeerAnchor/PeerAnchor.swift"
    for doc in "${DOC_NAMES[@]}"; do
        mkdir -p "$PKG/Sources/Peer$doc"
        if [ "$(cat "$WORK/logs/$doc.peer.gen.status")" = 0 ]; then cp "$WORK/gen/peer/$doc"/*.swift "$PKG/Sources/Peer$doc/"; fi
        printf '// The consumer target: its code is what swift-openapi-generator generated.\nimport OpenAPIRuntime\n' \
            >"$PKG/Sources/Peer$doc/Peer$doc.swift"
    done
    PEER_SCRATCH="$WORK/scratch/peer"
    echo "== peer: building the consumer's dependencies (OpenAPIRuntime, HTTPTypes)" >&2
    step "peer consumer: swift build --target PeerAnchor" \
        swift build --package-path "$PKG" --scratch-path "$PEER_SCRATCH" --target PeerAnchor
    PEER_PKG=$PKG
fi
# The builds, one document at a time, ours then the peer's: both sides of a document see about the same
# load of a shared machine.
if [ "$BUILD" -eq 1 ]; then
    for doc in "${DOC_NAMES[@]}"; do
        if [ "$OURS" -eq 1 ]; then
            echo "== $doc: consumer build of ours (plugin generation + compile + module)" >&2
            measure "$WORK/logs/$doc.ours.build" swift build --package-path "$OURS_PKG" --scratch-path "$OURS_SCRATCH" \
                --target "Ours$doc"
            find "$OURS_SCRATCH/plugins/outputs" -path "*/Ours$doc/*" -name '*.swift' 2>/dev/null | sort \
                >"$WORK/logs/$doc.ours.build.files" || true
        fi
        if [ "$PEER" -eq 1 ] && [ "$(cat "$WORK/logs/$doc.peer.gen.status")" = 0 ]; then
            echo "== $doc: consumer build of the peer's code" >&2
            measure "$WORK/logs/$doc.peer.build" swift build --package-path "$PEER_PKG" --scratch-path "$PEER_SCRATCH" \
                --target "Peer$doc"
        fi
    done
fi

# 4. Report.
mib() { awk -v k="$1" 'BEGIN { printf "%.0f", k / 1024 }'; }
fig() { if [ -f "$1" ]; then cat "$1"; else echo "-"; fi; }
ROWS=()
NOTES=()
SUMMARY=()
for i in "${!DOC_NAMES[@]}"; do
    doc=${DOC_NAMES[$i]}
    size=$(wc -c <"${DOC_FILES[$i]}")
    for side in ours peer; do
        [ "$side" = ours ] && [ "$OURS" -eq 0 ] && continue
        [ "$side" = peer ] && [ "$PEER" -eq 0 ] && continue
        label="ht-codegen"
        [ "$side" = peer ] && label="swift-openapi-generator"
        gen="$WORK/logs/$doc.$side.gen"
        build="$WORK/logs/$doc.$side.build"
        gen_status=$(cat "$gen.status")
        warnings=$(grep -c 'warning:' "$gen.log" || true)
        if [ "$gen_status" = 0 ]; then
            files=$(files_in "$WORK/gen/$side/$doc")
            lines=$(lines_in "$WORK/gen/$side/$doc")
            gen_text="$(cat "$gen.cpu")"
        else
            files=0
            lines=0
            gen_text="failed (exit $gen_status)"
            NOTES+=("- $doc, $label: generation failed (exit $gen_status): $({ grep -m 3 -iE 'error' "$gen.log" || true; } | tr '\n' ' ' | cut -c 1-600)")
        fi
        if [ "$warnings" -gt 0 ]; then
            NOTES+=("- $doc, $label: $warnings warnings; by kind (most frequent first):")
            while IFS= read -r line; do NOTES+=("    $line"); done < <(grep 'warning:' "$gen.log" | sed -E 's/^.*warning: //' |
                sed -E 's/ \[context:.*$//' |
                sed -E "s/'[^']*'/'…'/g; s/\"[^\"]*\"/\"…\"/g; s/[0-9]+/N/g" | cut -c 1-200 | sort | uniq -c | sort -rn | head -n 8)
        fi
        build_cpu="-"
        build_wall="-"
        build_rss="-"
        build_text="-"
        if [ -f "$build.status" ]; then
            build_status=$(cat "$build.status")
            build_cpu=$(cat "$build.cpu")
            build_wall=$(cat "$build.wall")
            build_rss=$(mib "$(cat "$build.rss")")
            if [ "$build_status" = 0 ]; then
                build_text=ok
                compiler_warnings=$({ grep -E '\.swift:[0-9]+:[0-9]+: warning:' "$build.log" || true; } | sort -u | wc -l)
                if [ "$compiler_warnings" -gt 0 ]; then
                    build_text="ok, $compiler_warnings compiler warnings"
                    NOTES+=("- $doc, $label: compiler warnings in the generated code: $(grep -E '\.swift:[0-9]+:[0-9]+: warning:' "$build.log" |
                        sort -u | sed -E 's|^.*/||' | head -n 3 | tr '\n' ' ' | cut -c 1-400)")
                fi
                if [ "$side" = ours ] && [ ! -s "$build.files" ]; then
                    build_text="no generated file (the plugin did not take the document as a spec)"
                fi
            else
                build_text="FAILED (exit $build_status)"
                NOTES+=("- $doc, $label: the consumer build failed: $({ grep -m 5 -E 'error:' "$build.log" || true; } | sed -E 's|^.*/||' | tr '\n' ' ' | cut -c 1-800)")
            fi
        elif [ "$BUILD" -eq 1 ] && [ "$gen_status" != 0 ]; then
            build_text="not built (generation failed)"
        fi
        ROWS+=("$(printf '| %s (%s KB) | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |' "$doc" "$(awk -v s="$size" 'BEGIN { printf "%.0f", s / 1000 }')" \
            "$label" "$gen_text" "$(cat "$gen.wall")" "$(mib "$(cat "$gen.rss")")" "$files" "$lines" "$build_cpu" "$build_wall" \
            "$build_rss" "$build_text")")
    done
    if [ "$OURS" -eq 1 ] && [ "$PEER" -eq 1 ]; then
        o="$WORK/logs/$doc.ours"
        p="$WORK/logs/$doc.peer"
        if [ "$(cat "$o.gen.status")" = 0 ] && [ "$(cat "$p.gen.status")" = 0 ]; then
            line=$(awk -v o="$(cat "$o.gen.cpu")" -v p="$(cat "$p.gen.cpu")" -v ol="$(lines_in "$WORK/gen/ours/$doc")" \
                -v pl="$(lines_in "$WORK/gen/peer/$doc")" -v d="$doc" \
                'BEGIN { printf "%s: generation ours/peer = %.3f (CPU), lines ours/peer = %.2f", d, (p > 0 ? o / p : 0), (pl > 0 ? ol / pl : 0) }')
            if [ -f "$o.build.status" ] && [ -f "$p.build.status" ] && [ "$(cat "$o.build.status")" = 0 ] &&
                [ "$(cat "$p.build.status")" = 0 ]; then
                line+=$(awk -v o="$(cat "$o.build.cpu")" -v p="$(cat "$p.build.cpu")" -v orss="$(cat "$o.build.rss")" \
                    -v prss="$(cat "$p.build.rss")" 'BEGIN {
                        printf "; build CPU ours/peer = %.2f, peak RSS ours/peer = %.2f (goal: at most 0.33 for both)", o / p, orss / prss }')
            fi
            SUMMARY+=("$line")
        fi
    fi
done

echo
echo "$(swiftc --version 2>&1 | head -n 1); $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "generators: $GENERATORS builds of ht-codegen$([ "$OURS" -eq 0 ] || echo " $("$OURS_GEN" --version 2>/dev/null)")" \
    "and swift-openapi-generator 1.14.3; consumer: swift build --target (debug), dependencies prebuilt"
echo
echo "| document | generator | generation CPU s | generation wall s | generator peak MiB | files | lines | build CPU s | build wall s | build peak MiB | build |"
echo "|:---|:---|---:|---:|---:|---:|---:|---:|---:|---:|:---|"
printf '%s\n' "${ROWS[@]}"
echo
echo "(generation: the generator's CLI alone, CPU = user + sys (the peer uses several threads: CPU above"
echo " wall); build: user + sys of the whole consumer build of that document's target (ours: the plugin's"
echo " generation included; the peer: its files given); peak MiB: the largest single process)"
if [ ${#SUMMARY[@]} -gt 0 ]; then echo; printf '%s\n' "${SUMMARY[@]}"; fi
if [ ${#NOTES[@]} -gt 0 ]; then
    echo
    echo "Failures, skips and warnings (each generator's own diagnostics; numbers shown as N):"
    printf '%s\n' "${NOTES[@]}"
fi
if [ -n "$KEEP_DIR" ]; then echo; echo "documents, generated files, packages and logs kept in $WORK"; fi
