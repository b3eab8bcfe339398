#!/usr/bin/env bash
# Compile check of the code generated from the real OpenAPI documents of the corpus (issue #26), run by
# .ci/run (or by hand from anywhere): HT_CORPUS=/path/to/shared/data bash .ci/openapi-compile.sh [NAME...]
#
#   1. builds ht-codegen from this checkout;
#   2. generates every document of $HT_CORPUS/openapi (*.yaml, *.yml, *.json: the OAI examples, a small
#      Azure service, Discourse in 3.1 YAML, Box in 3.0 JSON) with `ht-codegen generate --verbose` into a
#      scratch folder: fails on any generator error; counts its warnings (what a document uses that the
#      generator does not support: printed, not a failure);
#   3. writes a temporary consumer package that depends on this checkout (.package(path:)), with one
#      library target per document holding only that document, copied under a spec name
#      (`<name>.openapi.yaml` or `.json`), and a one-line Swift file, and applying HTCodegenPlugin exactly
#      as an app's target does (one target per document: two documents may declare types of the same name);
#   4. builds the package's dependencies (HTNetworking, ht-codegen, and the plugin through a warm-up target
#      with a one-operation document) first, then each target with
#      `swift build --target` (debug) under /usr/bin/time: the plugin's generation, the compile and the
#      module; fails when a build fails, when the plugin generated no Swift file for a target (the
#      document was not taken as a spec), or on any compiler warning in a generated file.
# Prints per document: generated files and lines, ht-codegen warnings, build wall and CPU seconds and the
# peak RSS of the largest process of the build; then PASS or FAIL. NAME arguments (the document's file
# name without its extension, e.g. box.openapi or oai-petstore) limit the run to those documents.
# Skips (exit 0, with a message) when HT_CORPUS is not set.
# HT_SCRATCH_PATH, if set, is the scratch path for building ht-codegen (default: SwiftPM's .build);
# HT_OPENAPI_SCRATCH, if set, the consumer package's scratch path (kept between runs, so HTNetworking is
# not rebuilt each time; default: inside the temporary folder). HT_OPENAPI_KEEP=DIR keeps the package,
# the generated files and the logs in DIR. Needs swift and GNU time (/usr/bin/time).
set -euo pipefail

# shellcheck source=lib/consumer-build.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/consumer-build.sh"

if [ -z "${HT_CORPUS:-}" ]; then
    echo "SKIP: HT_CORPUS is not set; point it at the shared data folder (with openapi/) to compile the code generated from the OpenAPI documents"
    exit 0
fi
command -v swift >/dev/null || fail "swift is not on PATH"
require_gnu_time "build time and peak RSS"
CORPUS_DIR="$HT_CORPUS/openapi"
[ -d "$CORPUS_DIR" ] || fail "the OpenAPI documents are missing: $CORPUS_DIR"

if [ -n "${HT_OPENAPI_KEEP:-}" ]; then
    mkdir -p "$HT_OPENAPI_KEEP"
    WORK=$(cd "$HT_OPENAPI_KEEP" && pwd -P)
else
    WORK=$(mktemp -d "${TMPDIR:-/tmp}/ht-openapi-compile.XXXXXX")
    trap 'rm -rf "$WORK"' EXIT
fi
PKG="$WORK/OpenAPICompileCheck"
SCRATCH=${HT_OPENAPI_SCRATCH:-$WORK/scratch}
LOG="$WORK/step.log"
rm -rf "$PKG" "$WORK/direct" "$WORK/specs"
mkdir -p "$PKG/Sources" "$WORK/direct" "$WORK/logs"

# The documents: every file of the corpus folder, or those named on the command line.
DOCUMENTS=()
for file in "$CORPUS_DIR"/*.yaml "$CORPUS_DIR"/*.yml "$CORPUS_DIR"/*.json; do
    [ -f "$file" ] || continue
    base=$(basename "$file")
    name=${base%.*}
    if [ $# -gt 0 ]; then
        wanted=0
        for arg in "$@"; do [ "$arg" = "$name" ] || [ "$arg" = "$base" ] && wanted=1; done
        [ "$wanted" -eq 1 ] || continue
    fi
    DOCUMENTS+=("$file")
done
[ ${#DOCUMENTS[@]} -gt 0 ] || fail "no OpenAPI document in $CORPUS_DIR${*:+ named $*}"

# spec_name FILE: the document's name as a spec of the plugin: its stem (the file name without its
# extension and without a `.openapi` already there) + `.openapi.` + its extension.
spec_name() {
    local base=$1 ext stem
    base=$(basename "$base")
    ext=${base##*.}
    stem=${base%.*}
    stem=${stem%.openapi}
    printf '%s.openapi.%s\n' "$stem" "$ext"
}
# target_name FILE: a Swift module name from the stem, `Doc` + the PascalCase of its words
# (`oai-petstore-expanded` -> `DocOaiPetstoreExpanded`; the prefix keeps it from starting with a digit).
target_name() {
    local stem
    stem=$(spec_name "$1")
    stem=${stem%%.openapi.*}
    printf 'Doc%s\n' "$(printf '%s' "$stem" | awk -F'[^A-Za-z0-9]+' '{
        out = ""; for (i = 1; i <= NF; i++) if ($i != "") out = out toupper(substr($i, 1, 1)) substr($i, 2); print out }')"
}

build_codegen "openapi compile" "$LOG"

# 2. Direct generation: errors fail, warnings are counted.
declare -A WARNINGS GEN_CPU TARGET_OF
echo "== openapi compile: generating each document with ht-codegen --verbose"
for file in "${DOCUMENTS[@]}"; do
    spec=$(spec_name "$file")
    target=$(target_name "$file")
    [ -z "${TARGET_OF[$target]:-}" ] || fail "$file and ${TARGET_OF[$target]} both make the target name $target"
    TARGET_OF[$target]=$file
    mkdir -p "$WORK/direct/$target" "$WORK/specs/$target" "$PKG/Sources/$target"
    cp "$file" "$WORK/specs/$target/$spec"
    cp "$file" "$PKG/Sources/$target/$spec"
    # SwiftPM drops a target without a Swift file before its plugin runs; an app's target has its own.
    printf '// The consumer target of %s: its code is what HTCodegenPlugin generates.\nimport HTNetworking\n' \
        "$(basename "$file")" >"$PKG/Sources/$target/$target.swift"
    status=0
    timed "$WORK/logs/$target.gen" "$CODEGEN" generate "$WORK/specs/$target/$spec" \
        --output-dir "$WORK/direct/$target" --declare-abstract-types --verbose || status=$?
    if [ "$status" -ne 0 ]; then
        grep -E 'error:' "$WORK/logs/$target.gen.log" | head -n 40 | indent || true
        echo "    (last lines:)"
        tail -n 20 "$WORK/logs/$target.gen.log" | indent
        fail "ht-codegen reported errors for $(basename "$file") (exit $status)"
    fi
    WARNINGS[$target]=$(grep -cE ':[0-9]+:[0-9]+: warning:' "$WORK/logs/$target.gen.log" || true)
    cpu=$TIMED_CPU
    GEN_CPU[$target]=$cpu
    if [ "${WARNINGS[$target]}" -gt 0 ]; then
        echo "    $(basename "$file"): ${WARNINGS[$target]} ht-codegen warnings; the first ones by kind:"
        grep -E ':[0-9]+:[0-9]+: warning:' "$WORK/logs/$target.gen.log" | sed -E 's/^.*warning: //' |
            sed -E "s/'[^']*'/'…'/g; s/\"[^\"]*\"/\"…\"/g" | sort | uniq -c | sort -rn | head -n 8 | indent
    fi
    count=$(find "$WORK/direct/$target" -name '*.swift' | wc -l)
    [ "$count" -gt 0 ] || fail "ht-codegen wrote no Swift file for $(basename "$file")"
    pass "generated $(basename "$file") in ${cpu} s CPU: $count files, $(cat "$WORK/direct/$target"/*.swift | wc -l) lines, ${WARNINGS[$target]} warnings"
done

# 3. The consumer package.
TARGETS=()
for file in "${DOCUMENTS[@]}"; do TARGETS+=("$(target_name "$file")"); done
# A warm-up target with a one-operation document, built with the dependencies: it compiles the plugin
# itself, so that the first document's build time is not charged for it.
mkdir -p "$PKG/Sources/Warmup"
printf 'import HTNetworking\n' >"$PKG/Sources/Warmup/Warmup.swift"
cp "$HT_ROOT/.ci/warmup.openapi.yaml" "$PKG/Sources/Warmup/warmup.openapi.yaml"
consumer_manifest OpenAPICompileCheck plugin \
    "Written by .ci/openapi-compile.sh: one consumer target per OpenAPI document, each with only the document (as a spec) and a one-line Swift file, applying HTCodegenPlugin." \
    Warmup "${TARGETS[@]}" >"$PKG/Package.swift"

# 4. The builds.
echo "== openapi compile: building the consumer's dependencies (HTNetworking, ht-codegen, the plugin)"
for what in "--target HTNetworking" "--product ht-codegen" "--target Warmup"; do
    # shellcheck disable=SC2086 # two words on purpose
    if ! consumer_build "${LOG%.log}" $what; then
        indent <"$LOG" | tail -n 80
        fail "consumer: swift build $what failed"
    fi
done
pass "built the consumer's dependencies"

ROWS=()
FAILURES=()
for target in "${TARGETS[@]}"; do
    file=${TARGET_OF[$target]}
    echo "== openapi compile: swift build --target $target ($(basename "$file"))"
    status=0
    consumer_build "$WORK/logs/$target.build" --target "$target" || status=$?
    wall=$TIMED_WALL cpu=$TIMED_CPU rss=$TIMED_RSS_KIB
    # The plugin's outputs: .../plugins/outputs/<package>/<target>/destination/HTCodegenPlugin/...
    generated=$(find "$SCRATCH/plugins/outputs" -path "*/$target/*" -name '*.swift' 2>/dev/null | sort || true)
    files=0
    lines=0
    if [ -n "$generated" ]; then
        files=$(printf '%s\n' "$generated" | wc -l)
        # shellcheck disable=SC2086 # one path per line, none with spaces (the scratch path is ours)
        lines=$(printf '%s\n' "$generated" | xargs cat | wc -l)
    fi
    if [ "$status" -ne 0 ]; then
        grep -E '(error|warning):' "$WORK/logs/$target.build.log" | sort -u | head -n 40 | indent || true
        echo "    (last lines of the log:)"
        tail -n 30 "$WORK/logs/$target.build.log" | indent
        FAILURES+=("$(basename "$file"): the consumer build failed (exit $status)")
    elif [ "$files" -eq 0 ]; then
        grep -E 'warning:' "$WORK/logs/$target.build.log" | sort -u | head -n 10 | indent || true
        FAILURES+=("$(basename "$file"): the plugin generated no Swift file for $target (is $(spec_name "$file") a spec name?)")
    fi
    # Compiler warnings in generated files (the plugin's output folder) or in the target's own folder.
    compiler_warnings=$(grep -E "^[^ ]*(plugins/outputs|Sources/$target)/[^:]+\.swift:[0-9]+:[0-9]+: warning:" \
        "$WORK/logs/$target.build.log" | sort -u || true)
    if [ -n "$compiler_warnings" ]; then
        printf '%s\n' "$compiler_warnings" | head -n 40 | indent
        FAILURES+=("$(basename "$file"): $(printf '%s\n' "$compiler_warnings" | wc -l) compiler warnings in generated code")
    fi
    ROWS+=("$(printf '| %-36s | %5d | %8d | %8d | %6.2f | %7.2f | %7.2f | %8.0f | %s |' "$(basename "$file")" "$files" \
        "$lines" "${WARNINGS[$target]}" "${GEN_CPU[$target]}" "$wall" "$cpu" "$(awk -v r="$rss" 'BEGIN { print r / 1024 }')" \
        "$([ "$status" -eq 0 ] && [ "$files" -gt 0 ] && [ -z "$compiler_warnings" ] && echo ok || echo FAILED)")")
    if [ "$status" -eq 0 ] && [ "$files" -gt 0 ]; then
        echo "    $files generated files, $lines lines; build ${wall} s wall, ${cpu} s CPU, peak RSS $(mib "$rss") MiB"
    fi
done

echo
machine_line
echo "(generation: ht-codegen generate alone, CPU s; build: swift build --target, debug, plugin generation"
echo " included, dependencies prebuilt; peak RSS: the largest single process of the build)"
echo
echo "| document                             | files |    lines | warnings | gen CPU s | build wall s | build CPU s | peak RSS MiB | result |"
echo "|:-------------------------------------|------:|---------:|---------:|------:|--------:|--------:|---------:|:---|"
printf '%s\n' "${ROWS[@]}"
echo
if [ -n "${HT_OPENAPI_KEEP:-}" ]; then echo "package, generated files and logs kept in $WORK"; fi
if [ ${#FAILURES[@]} -gt 0 ]; then
    printf 'FAIL: %s\n' "${FAILURES[@]}" >&2
    exit 1
fi
echo "PASS: the OpenAPI documents generate code that compiles without warnings"
