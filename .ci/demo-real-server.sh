#!/usr/bin/env bash
# Runs `ht-demo --base-url` against a real HTTP server process on loopback: the test server serves the
# demo's own response files (Sources/ht-demo/Responses, named by the mock convention) over HTTP, so the
# demo's requests, headers, paths and mapping go through URLSession for real. Run by .ci/run.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/ht-demo-server.XXXXXX")
SERVER_PID=""
cleanup() {
    if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
    rm -rf "$WORK"
}
trap cleanup EXIT

python3 "$ROOT/Tests/HTTestSupport/Server/test_server.py" --ignore-stdin \
    --fixtures "$ROOT/Sources/ht-demo/Responses" >"$WORK/server.out" 2>"$WORK/server.err" &
SERVER_PID=$!
for _ in $(seq 1 100); do
    grep -q '^PORT ' "$WORK/server.out" 2>/dev/null && break
    sleep 0.1
done
PORT=$(awk '/^PORT /{print $2}' "$WORK/server.out")
if [ -z "$PORT" ]; then
    echo "FAIL: the test server did not start" >&2
    cat "$WORK/server.err" >&2
    exit 1
fi
echo "test server on 127.0.0.1:$PORT, serving Sources/ht-demo/Responses"
cd "$ROOT"
swift run ht-demo --base-url "http://127.0.0.1:$PORT"
echo "PASS: ht-demo against a real HTTP server"
