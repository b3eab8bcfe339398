#!/usr/bin/env bash
# A generated client against a real FastAPI server (issue #37), run by .ci/run (or by hand from anywhere):
#
#   1. makes a venv in .build-fastapi/venv (git-ignored) and installs the pinned packages of
#      Tests/Fixtures/FastAPI/requirements.txt (fastapi, uvicorn, python-multipart and what they need)
#      from PyPI; an install that fails fails the step (the venv is remade when the file changes);
#   2. starts Tests/Fixtures/FastAPI/app.py under uvicorn on a loopback port the OS picks (serve.py binds
#      port 0 and passes the socket to uvicorn), and polls /openapi.json until the server answers (at
#      most $HT_FASTAPI_START_TIMEOUT seconds, default 60);
#   3. saves /openapi.json as FastAPI emits it (not edited) and generates Swift from it with ht-codegen
#      (built from this checkout): a generator error or warning fails the step;
#   4. copies Tests/Fixtures/FastAPIClient to .build-fastapi/run, puts the generated files in its
#      target, points its HTNetworking dependency at this checkout and builds it (scratch path
#      .build-fastapi/scratch, kept between runs); any compiler warning fails the step;
#   5. runs the client against the server: it sends every operation with the generated request types
#      and checks each answer (see its main.swift), exiting non-zero on the first mismatch.
# The server is stopped by a trap on every way out. Prints the versions, each check and the timings.
# Needs python3 (with venv) and swift; PyPI must be reachable.
set -euo pipefail

# shellcheck source=lib/consumer-build.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/consumer-build.sh"
ROOT=$HT_ROOT
APP_DIR="$ROOT/Tests/Fixtures/FastAPI"
FIXTURE="$ROOT/Tests/Fixtures/FastAPIClient"
REQUIREMENTS="$APP_DIR/requirements.txt"
BASE="$ROOT/.build-fastapi"
VENV="$BASE/venv"
WORK="$BASE/run"
PKG="$WORK/FastAPIClient"
SCRATCH="$BASE/scratch"
START_TIMEOUT=${HT_FASTAPI_START_TIMEOUT:-60}
SERVER_PID=""
STARTED=$(now)
# The app's folder is checked in: no __pycache__ there.
export PYTHONDONTWRITEBYTECODE=1

stop_server() {
    [ -n "$SERVER_PID" ] || return 0
    local pid=$SERVER_PID
    SERVER_PID=""
    kill -TERM "$pid" 2>/dev/null || return 0
    # uvicorn shuts down on SIGTERM; give it 5 s, then SIGKILL.
    local _
    for _ in $(seq 1 50); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    echo "== fastapi e2e: server stopped"
}
trap stop_server EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

command -v python3 >/dev/null || fail "python3 is not on PATH"
command -v swift >/dev/null || fail "swift is not on PATH"
for file in "$REQUIREMENTS" "$APP_DIR/app.py" "$APP_DIR/serve.py" "$FIXTURE/Package.swift"; do
    [ -f "$file" ] || fail "missing $file"
done
rm -rf "$WORK"
mkdir -p "$WORK/spec"

# ---------------------------------------------------------------------------------------------------
echo "== fastapi e2e 1/5: the venv"
STAMP="$VENV/.requirements.sha256"
WANTED=$(sha256sum "$REQUIREMENTS" | cut -d' ' -f1)
if [ -x "$VENV/bin/python" ] && [ "$(cat "$STAMP" 2>/dev/null || true)" = "$WANTED" ]; then
    pass "the venv has the pinned packages already ($VENV)"
else
    rm -rf "$VENV"
    python3 -m venv "$VENV" >"$WORK/venv.log" 2>&1 || { indent <"$WORK/venv.log"; fail "python3 -m venv failed"; }
    if ! "$VENV/bin/python" -m pip install --disable-pip-version-check --no-input --no-deps \
        -r "$REQUIREMENTS" >>"$WORK/venv.log" 2>&1; then
        indent <"$WORK/venv.log"
        rm -rf "$VENV"
        fail "pip install -r Tests/Fixtures/FastAPI/requirements.txt failed (PyPI unreachable, or a pin that no longer installs)"
    fi
    # --no-deps installs exactly the pins; pip check says whether they are all that is needed.
    "$VENV/bin/python" -m pip check >>"$WORK/venv.log" 2>&1 || { indent <"$WORK/venv.log"; fail "pip check failed"; }
    printf '%s\n' "$WANTED" >"$STAMP"
    pass "installed the pinned packages into $VENV"
fi
VERSIONS=$("$VENV/bin/python" -c '
import sys, fastapi, multipart, pydantic, starlette, uvicorn
print("python %s, fastapi %s, uvicorn %s, pydantic %s, starlette %s, python-multipart %s" % (
    sys.version.split()[0], fastapi.__version__, uvicorn.__version__, pydantic.VERSION,
    starlette.__version__, multipart.__version__))') || fail "the venv cannot import fastapi, uvicorn and multipart"
echo "    $VERSIONS"

# ---------------------------------------------------------------------------------------------------
echo "== fastapi e2e 2/5: starting the server"
PORT_FILE="$WORK/port"
"$VENV/bin/python" "$APP_DIR/serve.py" --port-file "$PORT_FILE" >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
SPEC="$WORK/spec/fastapi.openapi.json"
# serve.py writes the port once its socket listens; the app may still be importing, so the document
# is fetched with retries until the deadline.
if ! "$VENV/bin/python" - "$PORT_FILE" "$SPEC" "$START_TIMEOUT" "$SERVER_PID" <<'PY'; then
import os, sys, time, urllib.error, urllib.request
port_file, spec, timeout, pid = sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4])
deadline = time.monotonic() + timeout
last = "no port yet"
def alive():
    try:
        os.kill(pid, 0)
    except OSError:
        return False
    # A zombie (exited, not yet reaped by the shell) still answers kill 0.
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return True
while time.monotonic() < deadline:
    if not alive():
        sys.exit(f"the server exited before it answered ({last})")
    try:
        with open(port_file, encoding="utf-8") as handle:
            port = int(handle.read().strip())
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/openapi.json", timeout=5) as response:
            body = response.read()
        with open(spec, "wb") as handle:
            handle.write(body)

        sys.exit(0)
    except (OSError, ValueError, urllib.error.URLError) as error:
        last = str(error)
    time.sleep(0.1)
sys.exit(f"the server did not answer /openapi.json within {timeout:.0f} s ({last})")
PY
    indent <"$WORK/server.log"
    fail "the FastAPI server did not start"
fi
PORT=$(cat "$PORT_FILE")
BASE_URL="http://127.0.0.1:$PORT"
pass "uvicorn serves the app at $BASE_URL (pid $SERVER_PID)"
OPENAPI_VERSION=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["openapi"])' "$SPEC") ||
    fail "/openapi.json is not a JSON document with an openapi version"
pass "fetched /openapi.json ($(wc -c <"$SPEC") bytes, OpenAPI $OPENAPI_VERSION)"

# ---------------------------------------------------------------------------------------------------
echo "== fastapi e2e 3/5: generating the client"
build_codegen "fastapi e2e" "$WORK/codegen-build.log"
echo "== fastapi e2e: copying the fixture to $PKG"
cp -R "$FIXTURE" "$PKG"
rm -rf "$PKG/.build" "$PKG/.swiftpm" "$PKG/Package.resolved" "$PKG/Sources/FastAPIClient/Generated"
GENERATED="$PKG/Sources/FastAPIClient/Generated"
mkdir -p "$GENERATED"
if ! "$CODEGEN" generate "$SPEC" --output-dir "$GENERATED" --verbose >"$WORK/codegen.log" 2>&1; then
    indent <"$WORK/codegen.log"
    fail "ht-codegen failed on the document FastAPI emitted"
fi
if grep -E ': (warning|error):' "$WORK/codegen.log"; then
    fail "ht-codegen warned about the document FastAPI emitted (above): some of it is not read faithfully"
fi
pass "generated $(cat "$GENERATED"/*.swift | wc -l) lines without warnings: $(cd "$GENERATED" && echo *.swift)"

# ---------------------------------------------------------------------------------------------------
echo "== fastapi e2e 4/5: building the client"
point_package_at "$PKG/Package.swift" "$ROOT"
if ! consumer_build "$WORK/client-build"; then
    indent <"$WORK/client-build.log"
    fail "swift build of the client failed"
fi
BUILD_SECONDS=$TIMED_WALL
# Warnings of the client's own files (the generated ones and main.swift), not of HTNetworking's.
if grep -E "^$PKG/.*: warning:" "$WORK/client-build.log"; then
    fail "the client (generated code or main.swift) has compiler warnings (above)"
fi
pass "built the client in ${BUILD_SECONDS}s, no warnings"
BIN=$(swift build --package-path "$PKG" --scratch-path "$SCRATCH" --show-bin-path)

# ---------------------------------------------------------------------------------------------------
echo "== fastapi e2e 5/5: the client against the server"
status=0
"$BIN/FastAPIClient" "$BASE_URL" >"$WORK/client.log" 2>&1 || status=$?
indent <"$WORK/client.log"
if [ "$status" -ne 0 ]; then
    echo "    (server log:)"
    indent <"$WORK/server.log"
    fail "the generated client's checks failed against FastAPI (exit $status)"
fi
grep -q '^fastapi e2e: all [0-9]* checks passed$' "$WORK/client.log" || fail "the client did not finish its checks"
pass "$(tail -n 1 "$WORK/client.log")"
stop_server

echo "== fastapi e2e: summary"
echo "    $VERSIONS"
printf '    client build: %ss; whole step: %ss\n' "$BUILD_SECONDS" "$(elapsed "$STARTED" "$(now)")"
echo "PASS: a generated client against a real FastAPI server"
