#!/usr/bin/env bash
# Checks the formatting of every hand-written Swift file against .swift-format, with the toolchain's own
# swift-format (`swift format`, Swift 6+): run by .ci/run, or by hand from anywhere. Any finding fails.
# To fix what it reports: `bash .ci/format-lint.sh --fix` (formats in place, then checks again).
# Generated files carry `// swift-format-ignore-file` and are skipped by swift-format itself.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PATHS=(Sources Tests Plugins Package.swift Benchmarks/CompileCost/Package.swift Benchmarks/CompileCost/Sources)
if [ "${1:-}" = "--fix" ]; then
    swift format format --in-place --recursive --parallel "${PATHS[@]}"
fi
swift format lint --strict --recursive --parallel "${PATHS[@]}"
echo "swift-format: no findings"
