#!/usr/bin/env bash
# Runs `ht-demo --base-url` against `ht-mock-server` serving Specs/ (issue #40): the demo's requests go
# over loopback HTTP to a server that checks each against its operation and answers from the spec,
# and the demo maps every answer. A step of .ci/run.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/ht-demo-mock.XXXXXX")
SERVER_PID=""
cleanup() {
    if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
    rm -rf "$WORK"
}
trap cleanup EXIT

cd "$ROOT"
swift build --product ht-mock-server
swift build --product ht-demo
BIN=$(swift build --show-bin-path)
"$BIN/ht-mock-server" --spec "$ROOT/Specs" --port 0 >"$WORK/server.out" 2>"$WORK/server.err" &
SERVER_PID=$!
# Up to a minute: reading the specs on two busy cores; a server that exits early ends the wait.
for _ in $(seq 1 600); do
    grep -q '^listening on ' "$WORK/server.out" 2>/dev/null && break
    kill -0 "$SERVER_PID" 2>/dev/null || break
    sleep 0.1
done
PORT=$(sed -n 's|^listening on http://127.0.0.1:\([0-9]*\)$|\1|p' "$WORK/server.out")
if [ -z "$PORT" ]; then
    echo "FAIL: ht-mock-server did not start" >&2
    cat "$WORK/server.err" >&2
    exit 1
fi
echo "ht-mock-server on 127.0.0.1:$PORT, serving Specs/"
status=0
"$BIN/ht-demo" --base-url "http://127.0.0.1:$PORT" >"$WORK/demo.out" 2>&1 || status=$?
cat "$WORK/demo.out"
echo "--- server log"
cat "$WORK/server.err"
if [ "$status" -ne 0 ]; then
    echo "FAIL: ht-demo exited with $status" >&2
    exit 1
fi
# Every request must have been answered with a success: a 4xx means the demo sent something the
# spec does not allow, or the mock answered something the demo could not map.
if grep -Eq ' [45][0-9][0-9] [0-9.]+ ms' "$WORK/server.err"; then
    echo "FAIL: the mock server answered an error (see the log above)" >&2
    exit 1
fi
if grep -Eqi 'error|failed' "$WORK/demo.out"; then
    echo "FAIL: ht-demo reported a failure (see above)" >&2
    exit 1
fi
echo "PASS: ht-demo against ht-mock-server"
