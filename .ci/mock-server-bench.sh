#!/usr/bin/env bash
# Measures ht-mock-server (issue #40) on loopback, in one run:
#   (a) the mock server answering a spec GET (GET /articles/7 of Specs/demo.htspec.json, 961 bytes),
#   (b) the same executable in --static mode serving the same bytes from a file: the same listener,
#       threads and HTTP code, so the difference is the cost of routing, checking and answering,
#   (c) the RSS of a --stateful server at start and after 100,000 creates (POST /articles/7/comments
#       is not a collection, so a small spec with a collection is written for it).
# Load: .ci/mock-server-bench/loadgen.c, 64 threads each with one keep-alive connection.
# Usage: .ci/mock-server-bench.sh [requests per connection, default 2000]
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
PER_CONNECTION=${1:-2000}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/ht-mock-bench.XXXXXX")
PIDS=()
cleanup() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
    rm -rf "$WORK"
}
trap cleanup EXIT

cd "$ROOT"
swift build -c release --product ht-mock-server >/dev/null
BIN=$(swift build -c release --show-bin-path)
cc -O2 -pthread -o "$WORK/loadgen" .ci/mock-server-bench/loadgen.c

# Starts the server with the given arguments; sets PORT and PID.
start() {
    "$BIN/ht-mock-server" "$@" --port 0 >"$WORK/out" 2>/dev/null &
    PID=$!
    PIDS+=("$PID")
    for _ in $(seq 1 100); do grep -q '^listening on ' "$WORK/out" 2>/dev/null && break; sleep 0.1; done
    PORT=$(sed -n 's|^listening on http://127.0.0.1:\([0-9]*\)$|\1|p' "$WORK/out")
    [ -n "$PORT" ] || { echo "FAIL: the server did not start" >&2; exit 1; }
}
rss_kb() { awk '/^VmRSS/{print $2}' "/proc/$1/status"; }

start --spec Specs/demo.htspec.json
mkdir -p "$WORK/static/articles"
curl -s "http://127.0.0.1:$PORT/articles/7" -o "$WORK/static/articles/7"
echo "answer: $(wc -c <"$WORK/static/articles/7") bytes"
"$WORK/loadgen" "$PORT" GET /articles/7 - 64 200 >/dev/null  # warm-up
echo "(a) mock server, spec GET:   $("$WORK/loadgen" "$PORT" GET /articles/7 - 64 "$PER_CONNECTION")"
kill "$PID"

start --static "$WORK/static"
"$WORK/loadgen" "$PORT" GET /articles/7 - 64 200 >/dev/null
echo "(b) --static, same bytes:    $("$WORK/loadgen" "$PORT" GET /articles/7 - 64 "$PER_CONNECTION")"
kill "$PID"

cat >"$WORK/notes.openapi.yaml" <<'YAML'
openapi: 3.0.3
info: {title: Notes, version: "1"}
paths:
  /notes:
    post:
      operationId: createNote
      requestBody:
        required: true
        content: {application/json: {schema: {$ref: "#/components/schemas/Note"}}}
      responses:
        "201": {description: created, content: {application/json: {schema: {$ref: "#/components/schemas/Note"}}}}
  /notes/{id}:
    get:
      operationId: getNote
      parameters: [{name: id, in: path, required: true, schema: {type: integer}}]
      responses:
        "200": {description: one, content: {application/json: {schema: {$ref: "#/components/schemas/Note"}}}}
components:
  schemas:
    Note:
      type: object
      required: [title]
      properties: {id: {type: integer, readOnly: true}, title: {type: string}, done: {type: boolean}}
YAML
start --spec "$WORK/notes.openapi.yaml" --stateful
BEFORE=$(rss_kb "$PID")
echo "(c) stateful creates:        $("$WORK/loadgen" "$PORT" POST /notes '{"title":"buy milk and bread","done":false}' 64 1563)"
AFTER=$(rss_kb "$PID")
STORED=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/notes/100032")
echo "    RSS at start ${BEFORE} KB, after 100,032 creates ${AFTER} KB (+$(( (AFTER - BEFORE) / 1024 )) MB, $(( (AFTER - BEFORE) * 1024 / 100032 )) bytes per item); GET /notes/100032 -> $STORED"
