#!/usr/bin/env bash
# Scale test of the generated code's compile cost (issue #16). Not part of `swift test`; a step of .ci/run,
# which runs it with the limits `--max-growth 1.5 --max-rss-mib 1024 --max-ms-per-type 0`: per-type CPU
# at N=1000 at most 1.5 times that at N=250 (measured 1.05 for the consumer build and 1.10 for the
# type-check; 1.83 before the generated files were split into shards), no compiler process above 1 GiB
# (measured 750 MiB at N=1000, the module-emission job; 2.3 GiB before), and the type-check's ms per
# type reported but not gated (about 11 ms against the goal of 3: one compiler process per file costs
# about 3 ms per type by itself at N=1000, see Benchmarks/CompileCost/README.md). It takes 2 to 5
# minutes on 2 cores, most of it building the consumer package's HTNetworking.
#
# usage: bash .ci/compile-scale.sh [options] [SMALL LARGE]        (default: 250 1000)
#   --max-growth X       fail when the per-type cost at LARGE is more than X times that at SMALL
#                        (default 2, env HT_SCALE_MAX_GROWTH: linear growth gives 1; the margin allows
#                        for noise and a shared machine; it is checked on CPU seconds, type-check and build)
#   --max-rss-mib M      fail when a compiler process needs more than M MiB at any N (default 1024,
#                        env HT_SCALE_MAX_RSS_MIB: the issue's 1 GB)
#   --max-ms-per-type T  fail when the type-check takes more than T CPU ms per model+interface at any N
#                        (default 3, env HT_SCALE_MAX_MS_PER_TYPE; 0 turns the check off, the figure
#                        is still printed)
#   --max-ms-per-line L  fail when the consumer build of the Discourse document (below) takes more than L
#                        CPU ms per generated line (default 2, env HT_SCALE_MAX_MS_PER_LINE; 0 turns
#                        the check off, the figure is still printed)
#   --no-build           only the type-check (skip the consumer build)
#   --analyze            also show where the type-check time goes (see below)
#   --keep DIR           keep the generated files, logs and the consumer package in DIR
#
# For each N it generates `python3 .ci/synthetic-spec.py N` (N models and N interfaces) with ht-codegen
# and measures, under /usr/bin/time -v (wall clock, CPU = user+sys of every process, peak RSS = the largest
# single process):
#   1. type-check: `swiftc -typecheck -swift-version 6 -Onone` of the three generated files, one
#      frontend per file (Benchmarks/CompileCost/run.sh --ours-only);
#   2. consumer build: a temporary package that depends on this checkout, with one target per N holding
#      only the spec and applying HTCodegenPlugin, exactly as an app's target does; its dependencies
#      (HTNetworking, ht-codegen) are built first, then `swift build --target ScaleN` is timed: the
#      plugin's generation, the compile of the generated files (the driver's batch jobs, 2 cores),
#      and the module emission. The plugin splits a spec's models and requests into one file each per
#      started 32 KiB of spec (N=250: 6 of each, N=1000: 22), so each compile job's size is bounded.
#   3. a real document: when $HT_CORPUS is set, one more consumer target holds the corpus's Discourse
#      OpenAPI document (3.1, YAML, 487 KB: many models with many fields, the most expensive per line of
#      the corpus) and is built the same way; its figure is CPU ms per generated line (the lines of the
#      files the plugin wrote), checked against --max-ms-per-line. Without HT_CORPUS it says it is
#      skipped.
# --analyze adds, per N: one frontend per generated file as the only primary file (the others
# parsed and looked up, as in a batch-mode build), the 15 slowest function bodies
# (-debug-time-function-bodies) and expressions slower than 200 ms (-warn-long-expression-type-checking).
#
# Prints a table and PASS or FAIL with the reasons; exits 1 on FAIL. Needs swift, python3, GNU time.
# HT_SCALE_SCRATCH, if set, is the consumer package's scratch path (kept between runs, so HTNetworking
# is not rebuilt each time).
set -euo pipefail

# shellcheck source=lib/consumer-build.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/consumer-build.sh"
ROOT=$HT_ROOT
MAX_GROWTH=${HT_SCALE_MAX_GROWTH:-2}
MAX_RSS_MIB=${HT_SCALE_MAX_RSS_MIB:-1024}
MAX_MS=${HT_SCALE_MAX_MS_PER_TYPE:-3}
MAX_MS_PER_LINE=${HT_SCALE_MAX_MS_PER_LINE:-2}
BUILD=1
DISCOURSE=""
ANALYZE=0
KEEP_DIR=""
COUNTS=()
while [ $# -gt 0 ]; do
    case "$1" in
        --max-growth) MAX_GROWTH=${2:?}; shift ;;
        --max-rss-mib) MAX_RSS_MIB=${2:?}; shift ;;
        --max-ms-per-type) MAX_MS=${2:?}; shift ;;
        --max-ms-per-line) MAX_MS_PER_LINE=${2:?}; shift ;;
        --no-build) BUILD=0 ;;
        --analyze) ANALYZE=1 ;;
        --keep) KEEP_DIR=${2:?}; shift ;;
        -h | --help) sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        -*) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
        *) COUNTS+=("$1") ;;
    esac
    shift
done
if [ ${#COUNTS[@]} -eq 0 ]; then COUNTS=(250 1000); fi
[ ${#COUNTS[@]} -eq 2 ] || { echo "give two counts, SMALL and LARGE (or none)" >&2; exit 2; }
SMALL=${COUNTS[0]}
LARGE=${COUNTS[1]}
require_gnu_time

if [ -n "$KEEP_DIR" ]; then
    mkdir -p "$KEEP_DIR"
    WORK=$(cd "$KEEP_DIR" && pwd -P)
else
    WORK=$(mktemp -d "${TMPDIR:-/tmp}/ht-compile-scale.XXXXXX")
    trap 'rm -rf "$WORK"' EXIT
fi
LOG="$WORK/step.log"
step() {
    local description=$1
    shift
    if ! "$@" >"$LOG" 2>&1; then
        indent <"$LOG" >&2
        echo "FAIL: $description" >&2
        exit 1
    fi
}
# measure PREFIX COMMAND...: runs COMMAND under /usr/bin/time -v; writes PREFIX.{wall,cpu,rss,log}.
measure() {
    local prefix=$1
    shift
    if ! timed "$prefix" "$@"; then
        indent <"$prefix.log" | tail -n 80 >&2
        echo "FAIL: $*" >&2
        exit 1
    fi
    echo "$TIMED_WALL" >"$prefix.wall"
    echo "$TIMED_CPU" >"$prefix.cpu"
    echo "$TIMED_RSS_KIB" >"$prefix.rss"
}

# 1. Generation and type-check, through the benchmark script (it builds ht-codegen and HTNetworking).
echo "== type-check (Benchmarks/CompileCost/run.sh --ours-only)"
bash "$ROOT/Benchmarks/CompileCost/run.sh" --ours-only --keep "$WORK/typecheck" "$SMALL" "$LARGE" | sed 's/^/    /'
for n in "$SMALL" "$LARGE"; do
    for suffix in wall cpu rss; do cp "$WORK/typecheck/$n/ours.$suffix" "$WORK/tc$n.$suffix"; done
done
MODULES=$(runtime_modules "$(swift build --package-path "$ROOT" --show-bin-path)")

# 2. The consumer build.
if [ "$BUILD" -eq 1 ]; then
    PKG="$WORK/ScaleConsumer"
    SCRATCH=${HT_SCALE_SCRATCH:-$WORK/scratch}
    for n in "$SMALL" "$LARGE"; do
        mkdir -p "$PKG/Sources/Scale$n"
        cp "$WORK/typecheck/$n/Synthetic.htspec.json" "$PKG/Sources/Scale$n/Synthetic.htspec.json"
        # SwiftPM drops a target without a Swift file before its plugin runs; an app's target has its own.
        printf '// The consumer target of N=%s: its code is what HTCodegenPlugin generates.\nimport HTNetworking\n' \
            "$n" >"$PKG/Sources/Scale$n/Scale.swift"
    done
    TARGETS=("Scale$SMALL" "Scale$LARGE")
    if [ -n "${HT_CORPUS:-}" ] && [ -f "$HT_CORPUS/openapi/discourse.openapi.yaml" ]; then
        DISCOURSE=ScaleDiscourse
        mkdir -p "$PKG/Sources/$DISCOURSE"
        cp "$HT_CORPUS/openapi/discourse.openapi.yaml" "$PKG/Sources/$DISCOURSE/discourse.openapi.yaml"
        printf '// The consumer target of the Discourse document: its code is what HTCodegenPlugin generates.\nimport HTNetworking\n' \
            >"$PKG/Sources/$DISCOURSE/Scale.swift"
        TARGETS+=("$DISCOURSE")
    else
        echo "== the Discourse document is skipped: HT_CORPUS is not set, or has no openapi/discourse.openapi.yaml"
    fi
    consumer_manifest ScaleConsumer plugin \
        "Written by .ci/compile-scale.sh: one consumer target per N, each with only a spec and the plugin." \
        "${TARGETS[@]}" >"$PKG/Package.swift"
    echo "== consumer build: building its dependencies (HTNetworking, ht-codegen) first"
    step "consumer: swift build --target HTNetworking" \
        swift build --package-path "$PKG" --scratch-path "$SCRATCH" --target HTNetworking
    step "consumer: swift build --product ht-codegen" \
        swift build --package-path "$PKG" --scratch-path "$SCRATCH" --product ht-codegen
    for n in "$SMALL" "$LARGE"; do
        echo "== consumer build of Scale$n (plugin generation + compile + module)"
        measure "$WORK/build$n" swift build --package-path "$PKG" --scratch-path "$SCRATCH" --target "Scale$n"
        grep -E '^\[[0-9]+/[0-9]+\]' "$WORK/build$n.log" | indent | tail -n 8 || true
        if grep -qE 'warning:' "$WORK/build$n.log"; then
            grep -E 'warning:' "$WORK/build$n.log" | sort -u | head -n 10 | indent || true
        fi
    done
    if [ -n "$DISCOURSE" ]; then
        echo "== consumer build of $DISCOURSE (the corpus's Discourse document)"
        measure "$WORK/buildDiscourse" swift build --package-path "$PKG" --scratch-path "$SCRATCH" --target "$DISCOURSE"
        # The lines of what the plugin generated for the target (its output folder in the scratch path).
        find "$SCRATCH/plugins/outputs" -path "*/$DISCOURSE/*" -name '*.swift' -print0 | xargs -0 -r cat | wc -l \
            >"$WORK/buildDiscourse.lines"
    fi
fi

# 3. Where the time goes (optional).
if [ "$ANALYZE" -eq 1 ]; then
    for n in "$SMALL" "$LARGE"; do
        dir="$WORK/typecheck/$n/ours"
        files=("$dir"/*.swift)
        echo "== analysis, N=$n: one frontend per generated file as the only primary file"
        for primary in "${files[@]}"; do
            others=()
            for f in "${files[@]}"; do [ "$f" = "$primary" ] || others+=("$f"); done
            name=$(basename "$primary" .swift)
            measure "$WORK/primary$n.$name" swiftc -frontend -typecheck -swift-version 6 -Onone -parse-as-library \
                -module-name "Scale$n" -I "$MODULES" -primary-file "$primary" "${others[@]}"
            printf '    %-32s CPU %6.2f s  wall %6.2f s  RSS %5.0f MiB  (%d lines)\n' "$name" \
                "$(cat "$WORK/primary$n.$name.cpu")" "$(cat "$WORK/primary$n.$name.wall")" \
                "$(awk '{ print $1 / 1024 }' "$WORK/primary$n.$name.rss")" "$(wc -l <"$primary")"
        done
        echo "== analysis, N=$n: slowest function bodies and expressions (all files primary)"
        swiftc -typecheck -swift-version 6 -Onone -parse-as-library -module-name "Scale$n" -I "$MODULES" \
            -Xfrontend -debug-time-function-bodies -Xfrontend -warn-long-expression-type-checking=200 \
            "${files[@]}" >"$WORK/bodies$n.log" 2>&1 || true
        # Per member: the same member of every generated type summed (HTType7.htDecodeProperty and
        # HTType8.htDecodeProperty are both "static method htDecodeProperty(_:of:from:context:)").
        awk -F'\t' '/^[0-9.]+ms\t/ {
            ms = $1; sub("ms", "", ms)
            what = $3; sub("@.*", "", what)
            kind = what; sub(" [^ ]*$", "", kind)
            name = what; sub(".* ", "", name); sub("^.*\\(file\\)\\.[^.]*\\.", "", name)
            key = kind " " name; total[key] += ms; count[key]++; all += ms; bodies++
        } END {
            for (key in total) printf "%10.1f ms %6d bodies %7.3f ms each  %s\n", total[key], count[key], total[key] / count[key], key
            printf "%10.1f ms %6d bodies in all\n", all, bodies
        }' "$WORK/bodies$n.log" | sort -rn | head -n 12 | sed 's/^/    /' || true
        echo "    slowest single bodies:"
        grep -E '^[0-9.]+ms' "$WORK/bodies$n.log" | sort -rn | head -n 5 | awk -F'\t' '{ sub(".*/", "", $2); sub("@.*", "", $3); print "      " $1 "  " $2 "  " $3 }' || true

        grep -E 'warning: expression took' "$WORK/bodies$n.log" | head -n 10 | sed 's/^/    /' || true
    done
fi

# 4. Report and verdict.
echo
echo "code generated by $(basename "$ROOT") ht-codegen from .ci/synthetic-spec.py; $(swiftc --version 2>&1 | head -n 1)"
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| N | measure | wall s | CPU s | CPU ms per model+interface | peak RSS MiB |"
echo "|---:|:---|---:|---:|---:|---:|"
kinds=(tc)
if [ "$BUILD" -eq 1 ]; then kinds+=(build); fi
for n in "$SMALL" "$LARGE"; do
    for kind in "${kinds[@]}"; do
        label="type-check (swiftc -typecheck)"
        [ "$kind" = build ] && label="consumer build (swift build, plugin)"
        awk -v n="$n" -v label="$label" -v wall="$(cat "$WORK/$kind$n.wall")" -v cpu="$(cat "$WORK/$kind$n.cpu")" \
            -v rss="$(cat "$WORK/$kind$n.rss")" 'BEGIN {
            printf "| %d | %s | %.2f | %.2f | %.2f | %.0f |\n", n, label, wall, cpu, cpu * 1000 / n, rss / 1024 }'
    done
done
echo

FAILURES=()
for kind in "${kinds[@]}"; do
    label="type-check"
    [ "$kind" = build ] && label="consumer build"
    growth=$(awk -v s="$(cat "$WORK/$kind$SMALL.cpu")" -v l="$(cat "$WORK/$kind$LARGE.cpu")" -v a="$SMALL" -v b="$LARGE" \
        'BEGIN { printf "%.2f", (l / b) / (s / a) }')
    echo "$label: per-type CPU at $LARGE / at $SMALL = $growth (linear = 1, limit $MAX_GROWTH)"
    if awk -v g="$growth" -v m="$MAX_GROWTH" 'BEGIN { exit !(g > m) }'; then
        FAILURES+=("$label grows worse than linear: per-type cost x$growth from $SMALL to $LARGE (limit x$MAX_GROWTH)")
    fi
    for n in "$SMALL" "$LARGE"; do
        mib=$(awk '{ printf "%.0f", $1 / 1024 }' "$WORK/$kind$n.rss")
        if [ "$mib" -gt "$MAX_RSS_MIB" ]; then
            FAILURES+=("$label at N=$n: peak RSS $mib MiB > $MAX_RSS_MIB MiB")
        fi
    done
done
if [ "$MAX_MS" = 0 ]; then
    for n in "$SMALL" "$LARGE"; do
        awk -v c="$(cat "$WORK/tc$n.cpu")" -v n="$n" \
            'BEGIN { printf "type-check at N=%d: %.2f CPU ms per model+interface (goal 3 ms, not checked)\n", n, c * 1000 / n }'
    done
else
    for n in "$SMALL" "$LARGE"; do
        ms=$(awk -v c="$(cat "$WORK/tc$n.cpu")" -v n="$n" 'BEGIN { printf "%.2f", c * 1000 / n }')
        if awk -v a="$ms" -v m="$MAX_MS" 'BEGIN { exit !(a > m) }'; then
            FAILURES+=("type-check at N=$n: $ms CPU ms per model+interface > $MAX_MS ms")
        fi
    done
fi
if [ "$BUILD" -eq 1 ] && [ -n "$DISCOURSE" ]; then
    lines=$(cat "$WORK/buildDiscourse.lines")
    per_line=$(awk -v c="$(cat "$WORK/buildDiscourse.cpu")" -v l="$lines" 'BEGIN { printf "%.2f", (l > 0 ? c * 1000 / l : 0) }')
    printf 'consumer build of Discourse: %.2f CPU s, %s generated lines, %s CPU ms per line (limit %s), peak %s MiB\n' \
        "$(cat "$WORK/buildDiscourse.cpu")" "$lines" "$per_line" "$MAX_MS_PER_LINE" \
        "$(awk '{ printf "%.0f", $1 / 1024 }' "$WORK/buildDiscourse.rss")"
    if [ "$lines" -eq 0 ]; then
        FAILURES+=("consumer build of Discourse: the plugin generated no Swift file")
    elif ! [[ $per_line =~ ^[0-9]+\.[0-9]+$ ]]; then
        FAILURES+=("consumer build of Discourse: no CPU ms per line could be worked out ('$per_line')")
    elif [ "$MAX_MS_PER_LINE" != 0 ] && awk -v a="$per_line" -v m="$MAX_MS_PER_LINE" 'BEGIN { exit !(a > m) }'; then
        FAILURES+=("consumer build of Discourse: $per_line CPU ms per generated line > $MAX_MS_PER_LINE")
    fi
    mib=$(awk '{ printf "%.0f", $1 / 1024 }' "$WORK/buildDiscourse.rss")
    if [ "$mib" -gt "$MAX_RSS_MIB" ]; then
        FAILURES+=("consumer build of Discourse: peak RSS $mib MiB > $MAX_RSS_MIB MiB")
    fi
fi
if [ -n "$KEEP_DIR" ]; then echo "files kept in $WORK"; fi
if [ ${#FAILURES[@]} -gt 0 ]; then
    printf 'FAIL: %s\n' "${FAILURES[@]}"
    exit 1
fi
echo "PASS: the generated code's compile cost grows linearly within the limits"
