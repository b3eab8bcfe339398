#!/usr/bin/env bash
# Type-checks the Swift generated for every OpenAPI feature the renderer supports (unions, integer
# enums, deprecation, placed parameters, request bodies, exact and error responses, servers) against the
# built runtime, in Swift 6 mode, with internal and public access, together with an app file that uses
# it: generated code must raise no warning, and the app must be warned exactly where it uses something
# deprecated. The generated code alone is also type-checked in Swift 5 mode and in Swift 6 with MainActor
# default isolation and the upcoming features Xcode turns on, without a warning. The document is built in Swift (Tests/HTCodegenCoreTests/Render/OpenAPI/
# OpenAPIFixture+Everything.swift), so no OpenAPI reader is involved; the test is
# OpenAPITypeCheckTests, which is skipped unless HT_RUNTIME_MODULES is set, as here.
# Run from anywhere: `bash .ci/openapi-typecheck.sh`. Set HT_OPENAPI_DUMP=<dir> to keep the files.
set -euo pipefail

# shellcheck source=lib/consumer-build.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/consumer-build.sh"
cd "$HT_ROOT"
LOG=$(mktemp "${TMPDIR:-/tmp}/ht-openapi-typecheck.XXXXXX")
trap 'rm -f "$LOG"' EXIT

echo "== openapi type-check: swift build --target HTNetworking"
swift build --target HTNetworking >"$LOG" 2>&1 || { cat "$LOG"; exit 1; }
BIN=$(swift build --show-bin-path)
MODULES=$(runtime_modules "$BIN")
[ -e "$MODULES/HTNetworking.swiftmodule" ] || { echo "no HTNetworking.swiftmodule under $BIN" >&2; exit 1; }

echo "== openapi type-check: swift test --filter OpenAPITypeCheckTests"
HT_RUNTIME_MODULES="$MODULES" swift test --filter OpenAPITypeCheckTests 2>&1 | tee "$LOG" | grep -E "✔|✘|error:" || true
grep -q "Test run with .* passed" "$LOG" || { echo "openapi type-check failed" >&2; exit 1; }
grep -q "skipped" "$LOG" && { echo "openapi type-check was skipped" >&2; exit 1; }
echo "openapi type-check: OK"
