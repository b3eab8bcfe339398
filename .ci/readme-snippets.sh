#!/usr/bin/env bash
# Type-checks every ```swift block of README.md and of the DocC Getting Started article against the
# built HTNetworking and HTModel modules, so that the first code a newcomer copies is never stale, and
# checks that their relative links lead to files of the repository. Also checks that an app's file
# cannot name the runtime API behind @_spi(Generated) nor change a built model (see must_fail below).
# Run from anywhere: `bash .ci/readme-snippets.sh [FILE.md ...]`.
#
# The rule (also in CONTRIBUTING.md): every ```swift block is checked, one at a time, as follows.
#   - By default a block is a complete program: it is type-checked as a `main.swift` (top-level code
#     and `try await` allowed) together with the Swift code generated from Specs/demo.htspec.json, so
#     it can use the demo's types (`HTGetUserPhotoListRequest`, `HTUser`, ...). It imports what it
#     uses itself (`import Foundation` for `URL`: `import HTNetworking` does not re-export Foundation).
#   - A block right after the line `<!-- snippet: fragment -->` is a list of statements that use names
#     from around it; it is wrapped in `func snippet(client: HTClient) async throws { ... }` with
#     `import Foundation` and `import HTNetworking` above it (so `client` is in scope).
#   - A block right after the line `<!-- snippet: manifest -->` is a complete Package.swift: it is
#     type-checked against the toolchain's PackageDescription. For README.md it must also declare the
#     library target of specs exactly as the plugin end-to-end fixture does (Tests/Fixtures/PluginE2E,
#     built by .ci/plugin-e2e.sh), with `MyAPI` for `ShopAPI`, so the README's setup is the one tested.
# There is no marker that skips a block.
#
# Needs swift and python3. Uses the normal build folder (.build), which CI has built already.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
cd "$ROOT"
if [ "$#" -eq 0 ]; then
    set -- README.md Sources/HTNetworking/HTNetworking.docc/GettingStarted.md
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/ht-snippets.XXXXXX")
cleanup() { rm -rf "$WORK"; }
trap cleanup EXIT

echo "== snippets: swift build --target HTNetworking, --product ht-codegen"
swift build --target HTNetworking >"$WORK/build.log" 2>&1 || { cat "$WORK/build.log"; exit 1; }
swift build --product ht-codegen >"$WORK/build.log" 2>&1 || { cat "$WORK/build.log"; exit 1; }
BIN=$(swift build --show-bin-path)
MODULES="$BIN/Modules"
[ -f "$MODULES/HTNetworking.swiftmodule" ] || MODULES="$BIN"
[ -e "$MODULES/HTNetworking.swiftmodule" ] || { echo "no HTNetworking.swiftmodule under $BIN" >&2; exit 1; }

mkdir -p "$WORK/generated"
"$BIN/ht-codegen" generate Specs/demo.htspec.json --output-dir "$WORK/generated" >"$WORK/codegen.log" 2>&1 \
    || { cat "$WORK/codegen.log"; exit 1; }

SWIFT_DIR=$(dirname "$(readlink -f "$(command -v swift)")")
MANIFEST_API="$SWIFT_DIR/../lib/swift/pm/ManifestAPI"
[ -d "$MANIFEST_API" ] || { echo "PackageDescription not found at $MANIFEST_API" >&2; exit 1; }

python3 - "$WORK" "$MODULES" "$MANIFEST_API" "Tests/Fixtures/PluginE2E/Package.swift" "$@" <<'PY'
import glob, os, re, subprocess, sys

work, modules, manifest_api, fixture = sys.argv[1:5]
files = sys.argv[5:]
generated = sorted(glob.glob(os.path.join(work, "generated", "*.swift")))
FENCE = re.compile(r"^(\s*)```(\S*)\s*$")
MARKER = re.compile(r"^\s*<!--\s*snippet:\s*(\w+)\s*-->\s*$")

def blocks(path):
    """Yields (line of the opening fence, marker or None, code) for every ```swift block."""
    lines = open(path, encoding="utf-8").read().split("\n")
    i, marker = 0, None
    while i < len(lines):
        m = MARKER.match(lines[i])
        if m:
            marker = m.group(1)
            i += 1
            continue
        f = FENCE.match(lines[i])
        if f:
            lang, start, body = f.group(2), i + 1, []
            i += 1
            while i < len(lines) and not FENCE.match(lines[i]):
                body.append(lines[i])
                i += 1
            if lang == "swift":
                yield start, marker, "\n".join(body) + "\n"
            elif marker:
                sys.exit(f"{path}:{start}: a snippet marker must come right before a ```swift block")
            marker = None
        elif lines[i].strip():
            if marker:
                sys.exit(f"{path}:{i + 1}: a snippet marker must come right before a ```swift block")
        i += 1

def squash(text):
    return re.sub(r"\s+", "", text)

def check_manifest_agreement(path, start, code):
    """The README's library target of specs must be the fixture's ShopAPI target, renamed."""
    fixture_text = squash(open(fixture, encoding="utf-8").read())
    m = re.search(r'\.target\(\s*name:\s*"MyAPI".*?\]\s*\)', code, re.S)
    if not m:
        return f'{path}:{start}: the manifest declares no .target(name: "MyAPI", ...)'
    target = squash(m.group(0)).replace('"MyAPI"', '"ShopAPI"').rstrip(")")
    if target not in fixture_text:
        return (f"{path}:{start}: the MyAPI target differs from ShopAPI in {fixture} (what "
                f".ci/plugin-e2e.sh builds):\n    {m.group(0)}")
    return None

failures, count, link_failures = 0, 0, 0
# Relative links ([text](path)) must lead to a file or folder of the repository: the README links each
# article by its path so that it opens in one click on a code host.
for path in files:
    text = open(path, encoding="utf-8").read()
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        resolved = os.path.normpath(os.path.join(os.path.dirname(path), target.split("#")[0]))
        if not os.path.exists(resolved):
            link_failures += 1
            print(f"FAIL: {path}: the link ({target}) leads to nothing")

for path in files:
    for start, marker, code in blocks(path):
        count += 1
        where = f"{path}:{start}"
        folder = os.path.join(work, f"snippet{count}")
        os.makedirs(folder)
        if marker == "manifest":
            source = os.path.join(folder, "Package.swift")
            open(source, "w", encoding="utf-8").write(code)
            version = re.search(r"swift-tools-version:\s*([0-9.]+)", code)
            command = ["swiftc", "-typecheck", "-I", manifest_api,
                       "-package-description-version", version.group(1) if version else "6.0", source]
            problem = check_manifest_agreement(path, start, code) if path.endswith("README.md") else None
        elif marker in (None, "fragment"):
            if marker == "fragment":
                indented = "".join("    " + line + "\n" if line else "\n" for line in code.split("\n")[:-1])
                code = ("import Foundation\nimport HTNetworking\n\n"
                        "func snippet(client: HTClient) async throws {\n" + indented + "}\n")
            source = os.path.join(folder, "main.swift")
            open(source, "w", encoding="utf-8").write(code)
            command = ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules, source] + generated
            problem = None
        else:
            print(f"FAIL: {where}: unknown snippet marker '{marker}' (fragment or manifest)")
            failures += 1
            continue
        result = subprocess.run(command, capture_output=True, text=True)
        if result.returncode != 0 or problem:
            failures += 1
            print(f"FAIL: {where} ({marker or 'program'})")
            if problem:
                print(problem)
            output = (result.stdout + result.stderr).replace(source, where + " (snippet)")
            print("\n".join("    | " + line for line in output.strip().split("\n") if line))
        else:
            print(f"PASS: {where} ({marker or 'program'})")

# What generated models do not let an app's file do, each checked to fail with the compiler's reason,
# and the first to pass with the SPI import generated files have: the runtime API only generated code
# uses is behind @_spi(Generated), and a model, once built, never changes.
spi_user = "HTPropertyAccessor<HTUser>(\"id\", \\.id)\n"
must_fail = [
    ("the accessor initializer needs the SPI import", "import HTNetworking\n_ = " + spi_user, "@_spi' protection level"),
    ("the default mapping needs the SPI import",
     "import HTNetworking\n_ = HTObjectMapping<HTUser>.defaultMapping()\n", "@_spi' protection level"),
    ("a field cannot be assigned", "import HTNetworking\nlet user = HTUser()\nuser.userName = \"x\"\n",
     "cannot assign"),
    ("a field cannot be appended to in place",
     "import HTNetworking\nlet photo = HTPhoto()\nphoto.tags?.append(\"x\")\n", "cannot"),
]
for label, code, reason in must_fail:
    count += 1
    folder = os.path.join(work, f"negative{count}")
    os.makedirs(folder)
    source = os.path.join(folder, "main.swift")
    open(source, "w", encoding="utf-8").write(code)
    result = subprocess.run(["swiftc", "-typecheck", "-swift-version", "6", "-I", modules, source] + generated,
                            capture_output=True, text=True)
    output = result.stdout + result.stderr
    if result.returncode == 0 or reason not in output:
        failures += 1
        print(f"FAIL: {label}: expected a compile error mentioning '{reason}'")
        print("\n".join("    | " + line for line in output.strip().split("\n") if line))
    else:
        print(f"PASS: {label} (does not compile)")
count += 1
folder = os.path.join(work, "spi-import")
os.makedirs(folder)
source = os.path.join(folder, "main.swift")
open(source, "w", encoding="utf-8").write("@_spi(Generated) import HTNetworking\n_ = " + spi_user)
result = subprocess.run(["swiftc", "-typecheck", "-swift-version", "6", "-I", modules, source] + generated,
                        capture_output=True, text=True)
if result.returncode != 0:
    failures += 1
    print("FAIL: with @_spi(Generated) import, the accessor initializer type-checks")
    print("\n".join("    | " + line for line in (result.stdout + result.stderr).strip().split("\n") if line))
else:
    print("PASS: with @_spi(Generated) import, the accessor initializer type-checks")

if count == 0:
    sys.exit("no ```swift blocks found in " + ", ".join(files))
print(f"{count - failures} of {count} snippets type-check; {link_failures} broken links")
sys.exit(1 if failures or link_failures else 0)
PY
