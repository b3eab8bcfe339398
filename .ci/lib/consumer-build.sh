# What the CI scripts that build a consumer of this checkout share: a package outside this one that
# depends on it (.package(path:)) is written, built with its own scratch path, timed, and its peak
# memory read. Sourced, not run: `source "$(dirname "${BASH_SOURCE[0]}")/lib/consumer-build.sh"`, by
# plugin-e2e.sh, nei-compile.sh, openapi-compile.sh, compile-scale.sh and openapi-typecheck.sh.
#
# Defines HT_ROOT (this checkout) and the functions below; the callers keep their own `set -euo pipefail`.

HT_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)

pass() { printf 'PASS: %s\n' "$*"; }
fail() {
    printf 'FAIL: %s\n' "$*" >&2
    exit 1
}
# indent: a log's lines under a step, as every script shows them.
indent() { sed 's/^/    | /'; }

# Current time in seconds with a fraction (bash 5's EPOCHREALTIME, else whole seconds).
now() {
    if [ -n "${EPOCHREALTIME:-}" ]; then printf '%s\n' "${EPOCHREALTIME/,/.}"; else date +%s; fi
}
# elapsed START END: the seconds between two `now`s, one decimal.
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

# require_gnu_time WHY: fails unless /usr/bin/time (GNU time, for CPU seconds and peak RSS) is there.
require_gnu_time() {
    [ -x /usr/bin/time ] || fail "/usr/bin/time (GNU time) is needed${1:+ for $1}: apt-get install time"
}

# time_figures FILE: wall, CPU (user+sys) and peak RSS (KiB) from a /usr/bin/time -v report, space-separated.
time_figures() {
    awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); w = 0; for (i = 1; i <= n; i++) w = w * 60 + p[i] }
        /User time/ { u = $2 } /System time/ { s = $2 } /Maximum resident set size/ { r = $2 }
        END { printf "%.2f %.2f %d\n", w, u + s, r }' "$1"
}

# timed PREFIX COMMAND...: runs COMMAND with its output (both streams) in PREFIX.log and returns its
# status. Under GNU time when /usr/bin/time is there (its report in PREFIX.time), which sets TIMED_WALL
# and TIMED_CPU (seconds, two decimals) and TIMED_RSS_KIB (the largest single process); without it,
# only TIMED_WALL is set, from the clock.
timed() {
    local prefix=$1 status=0 start end
    shift
    TIMED_WALL="" TIMED_CPU="" TIMED_RSS_KIB=""
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -v -o "$prefix.time" "$@" >"$prefix.log" 2>&1 || status=$?
        read -r TIMED_WALL TIMED_CPU TIMED_RSS_KIB < <(time_figures "$prefix.time")
    else
        start=$(now)
        "$@" >"$prefix.log" 2>&1 || status=$?
        end=$(now)
        TIMED_WALL=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }')
    fi
    return "$status"
}

# mib KIB: KiB as whole MiB.
mib() { awk -v r="$1" 'BEGIN { printf "%.0f", r / 1024 }'; }

# consumer_build PREFIX ARGS...: `swift build` of the consumer package $PKG with scratch path $SCRATCH
# and ARGS, through `timed` (output in PREFIX.log; TIMED_* set); returns swift build's status.
consumer_build() {
    local prefix=$1
    shift
    timed "$prefix" swift build --package-path "$PKG" --scratch-path "$SCRATCH" "$@"
}

# build_codegen LABEL LOG: builds ht-codegen from this checkout (scratch path $HT_SCRATCH_PATH when set,
# else SwiftPM's .build) and sets CODEGEN to it; fails with the build log.
build_codegen() {
    local label=$1 log=$2 scratch_args=()
    if [ -n "${HT_SCRATCH_PATH:-}" ]; then scratch_args=(--scratch-path "$HT_SCRATCH_PATH"); fi
    echo "== $label: building ht-codegen"
    if ! swift build --package-path "$HT_ROOT" "${scratch_args[@]}" --product ht-codegen >"$log" 2>&1; then
        indent <"$log"
        fail "swift build --product ht-codegen failed"
    fi
    CODEGEN="$(swift build --package-path "$HT_ROOT" "${scratch_args[@]}" --show-bin-path)/ht-codegen"
    [ -x "$CODEGEN" ] || fail "ht-codegen was not built at $CODEGEN"
    pass "built $CODEGEN"
}

# consumer_manifest NAME PLUGIN COMMENT TARGET...: prints the Package.swift of a consumer package NAME
# that depends on this checkout, with one library target per TARGET depending on its HTNetworking product
# and, when PLUGIN is `plugin`, applying HTCodegenPlugin as an app's target does. COMMENT is its second
# line (who wrote it and what it holds).
consumer_manifest() {
    local name=$1 plugin=$2 comment=$3 root identity target
    shift 3
    root=$(printf '%s' "$HT_ROOT" | sed 's/\\/\\\\/g; s/"/\\"/g')
    # SwiftPM names a path dependency after its folder (the package identity), whatever the checkout is called.
    identity=$(basename "$root")
    cat <<SWIFT
// swift-tools-version: 6.2
// $comment
import PackageDescription

let package = Package(
    name: "$name",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    dependencies: [.package(path: "$root")],
    targets: [
SWIFT
    for target in "$@"; do
        if [ "$plugin" = plugin ]; then
            printf '        .target(\n            name: "%s", dependencies: [.product(name: "HTNetworking", package: "%s")],\n            plugins: [.plugin(name: "HTCodegenPlugin", package: "%s")]),\n' \
                "$target" "$identity" "$identity"
        else
            printf '        .target(name: "%s", dependencies: [.product(name: "HTNetworking", package: "%s")]),\n' \
                "$target" "$identity"
        fi
    done
    cat <<SWIFT
    ],
    swiftLanguageModes: [.v6]
)
SWIFT
}

# runtime_modules BIN: the folder of BIN (a `swift build --show-bin-path`) that holds HTNetworking.swiftmodule
# (`Modules` in newer toolchains, the bin folder itself in older ones).
runtime_modules() {
    if [ -d "$1/Modules" ]; then printf '%s\n' "$1/Modules"; else printf '%s\n' "$1"; fi
}

# machine_line: the toolchain, the cores and the load, for a report's header.
machine_line() {
    echo "$(swiftc --version 2>&1 | head -n 1); $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
}

# point_package_at MANIFEST ROOT: rewrites the fixture manifest's one
# `.package(name: "HTNetworking", path: "...")` to point at ROOT (an absolute path); fails otherwise.
point_package_at() {
    python3 - "$1" "$2" <<'PY'
import json, re, sys
manifest, root = sys.argv[1], sys.argv[2]
with open(manifest, encoding="utf-8") as handle:
    text = handle.read()
text, count = re.subn(r'(\.package\(name: "HTNetworking", path: )"[^"]*"',
                      lambda match: match.group(1) + json.dumps(root, ensure_ascii=False), text)
if count != 1:
    sys.exit("expected exactly one .package(name: \"HTNetworking\", path: ...) in %s, found %d" % (manifest, count))
with open(manifest, "w", encoding="utf-8") as handle:
    handle.write(text)
PY
}
