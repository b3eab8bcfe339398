#!/usr/bin/env bash
# End-to-end check of the HTCodegenPlugin build-tool plugin, run by .ci/run (or by hand from anywhere).
#
# It builds the fixture package Tests/Fixtures/PluginE2E, which is outside the HTNetworking package
# graph, in a fresh temporary folder, with its HTNetworking dependency pointing at this checkout:
#   1. the first build succeeds and the app prints a generated model and a generated request, of its
#      own spec and of the ShopAPI library target's (specs and one Swift file, public access: the
#      README's setup; one of its specs is YAML, reviews.htspec.yaml, and one an OpenAPI document,
#      inventory.openapi.yaml, whose schema is in schemas/warehouse.yaml), and of the StockAPI target
#      (package access); after a property is added to schemas/warehouse.yaml, the rebuild regenerates
#      the OpenAPI document's models (the plugin declares the files it may refer to as inputs), and
#      the same after an edit to Schemas/address.yaml, a schema of the package outside the target that
#      warehouse.yaml refers to (the plugin passes the package as the reference root and declares the
#      files the document's $refs reach); StockAPI's htcodegen.json names a document set's root,
#      Stock_Service.yaml (no spec by its name), whose sibling refers back to it by that name: it is
#      generated, the sibling is not, and an edit to the sibling regenerates the root's models;
#   2. after a field is added to the spec and main.swift uses it, the rebuild succeeds and the app
#      prints the new field (so the generated code followed the spec); after 40 types grow the spec
#      over 32 KiB the app still builds, and once SwiftPM plans the build again (a file is added to the
#      target) the plugin splits the models and requests into several files (shards) and the app
#      still builds; after the spec shrinks back (and the file is removed), one models file is left;
#   3. after the spec references an undefined type, the build fails with a diagnostic pointing at the
#      exact line and column of that reference in shop.htspec.json; the same for the YAML spec
#      (reviews.htspec.yaml) once the JSON spec is repaired;
#   4. it reports the time of the first build, of a no-op rebuild and of the rebuild after the edit.
# Needs swift and python3. Exits non-zero on the first failed check. Cleans up its temporary folder.
set -euo pipefail

# shellcheck source=lib/consumer-build.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/consumer-build.sh"
ROOT=$HT_ROOT
FIXTURE="$ROOT/Tests/Fixtures/PluginE2E"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/ht-plugin-e2e.XXXXXX")
PKG="$WORK/PluginE2E"
SCRATCH="$WORK/scratch"
SPEC="$PKG/Sources/App/shop.htspec.json"
MAIN="$PKG/Sources/App/main.swift"
LOG="$WORK/build.log"

cleanup() { rm -rf "$WORK"; }
trap cleanup EXIT

# Builds the fixture, timed (see `timed`); output goes to $LOG. Returns swift build's status.
build_fixture() {
    consumer_build "${LOG%.log}"
}
show_log() { indent <"$LOG"; }
# Builds and fails the check (showing the build log) if the build fails; sets LAST_BUILD_SECONDS.
build_or_fail() {
    local what=$1
    if ! build_fixture; then
        show_log
        fail "$what: swift build failed"
    fi
    LAST_BUILD_SECONDS=$(elapsed 0 "$TIMED_WALL")
    # Warnings and the summary line; how many compile/link steps ran tells a real no-op from a rebuild.
    grep -E 'warning:' "$LOG" | sort -u | indent || true
    echo "    | $(grep -cE '^\[[0-9]+/[0-9]+\] (Compiling|Linking)' "$LOG" || true) compile/link steps"
    tail -n 1 "$LOG" | indent
    pass "$what: swift build succeeded in ${LAST_BUILD_SECONDS}s"
}
run_app() {
    "$BIN/App"
}
# Fingerprint (path, size, mtime) of every file the plugin generated, for the no-op rebuild check.
generated_fingerprint() {
    if [ -d "$SCRATCH/plugins" ]; then
        find "$SCRATCH/plugins" -type f -name '*.swift' -printf '%p %s %T@\n' | sort
    fi
}
# Fails unless the app's output ($1) has a line matching the extended regex $2.
expect_line() {
    if printf '%s\n' "$1" | grep -Eq -- "$2"; then
        pass "app printed a line matching /$2/"
    else
        fail "app output has no line matching /$2/"
    fi
}

command -v swift >/dev/null || fail "swift is not on PATH"
command -v python3 >/dev/null || fail "python3 is not on PATH (needed to edit the spec)"
[ -f "$FIXTURE/Package.swift" ] || fail "fixture package not found at $FIXTURE"

echo "== plugin e2e: copying the fixture to $PKG"
cp -R "$FIXTURE" "$PKG"
rm -rf "$PKG/.build" "$PKG/.swiftpm" "$PKG/Package.resolved" # in case someone built it in place
# Point the HTNetworking dependency at this checkout (an absolute path).
point_package_at "$PKG/Package.swift" "$ROOT"
grep -F ".package(name: \"HTNetworking\", path: \"$ROOT\")" "$PKG/Package.swift" >/dev/null \
    || fail "the dependency path was not rewritten to $ROOT"
pass "dependency points at $ROOT"

# ---------------------------------------------------------------------------------------------------
echo "== plugin e2e 1/3: first build and run"
build_or_fail "first build"
FIRST_BUILD=$LAST_BUILD_SECONDS
BIN=$(swift build --package-path "$PKG" --scratch-path "$SCRATCH" --show-bin-path)
OUTPUT=$(run_app) || fail "the app exited with an error: $OUTPUT"
printf '%s\n' "$OUTPUT" | sed 's/^/    > /'
expect_line "$OUTPUT" '^model: HTProduct id=42 name=Widget$'
expect_line "$OUTPUT" '^request: HTGetProductRequest .*/products/'
expect_line "$OUTPUT" '^library: CatListCategoriesRequest /categories Tools$'
expect_line "$OUTPUT" '^yaml: CatListReviewsRequest /products/:id/reviews 5 Great$'
expect_line "$OUTPUT" '^package: StockGetStockRequest /stock/:sku W-42 /stock$'
expect_line "$OUTPUT" '^openapi: CatGetWarehouseRequest /warehouses/\{code\} Main https://inventory.example.com/v1$'
expect_line "$OUTPUT" '^documents: StockGetShelfRequest /shelves/\{id\} A1$'

echo "== plugin e2e: an edit to a file an OpenAPI document refers to regenerates the document's code"
printf '  city:\n    type: string\n' >>"$PKG/Sources/ShopAPI/schemas/warehouse.yaml"
build_or_fail "rebuild after editing schemas/warehouse.yaml"
if find "$SCRATCH/plugins" -name 'inventory+Models*.swift' -exec grep -l 'let city: String?' {} + | grep -q .; then
    pass "the Warehouse model gained 'city' from the referenced file"
else
    fail "the OpenAPI document's models were not regenerated after its referenced file changed"
fi
printf '  zip:\n    type: string\n' >>"$PKG/Schemas/address.yaml"
build_or_fail "rebuild after editing Schemas/address.yaml (outside the target)"
if find "$SCRATCH/plugins" -name 'inventory+Models*.swift' -exec grep -l 'let zip: String?' {} + | grep -q .; then
    pass "the Address model gained 'zip' from the package's shared schema"
else
    fail "the OpenAPI document's models were not regenerated after a file its \$refs reach outside the target changed"
fi

echo "== plugin e2e: a document htcodegen.json names is regenerated when a sibling it refers to changes"
printf '        column:\n          type: integer\n' >>"$PKG/Sources/StockAPI/Stock_Service_parts.yaml"
build_or_fail "rebuild after editing Stock_Service_parts.yaml"
if find "$SCRATCH/plugins" -name 'Stock_Service+Models*.swift' -exec grep -l 'let column: Int?' {} + | grep -q .; then
    pass "the Bin model of Stock_Service.yaml gained 'column' from its sibling file"
else
    fail "the document named in htcodegen.json was not regenerated after its sibling file changed"
fi
if find "$SCRATCH/plugins" -name 'Stock_Service_parts+*.swift' | grep -q .; then
    fail "the sibling file Stock_Service_parts.yaml was generated as a document of its own"
else
    pass "the sibling file is read, not generated"
fi

echo "== plugin e2e: generate-client refuses a target that applies the build plugin"
GC_LOG="$WORK/generate-client.log"
swift package --package-path "$PKG" --scratch-path "$SCRATCH" --allow-writing-to-package-directory \
    generate-client --help >"$GC_LOG" 2>&1 || { indent <"$GC_LOG"; fail "generate-client --help failed"; }
grep -q 'USAGE: swift package --allow-writing-to-package-directory generate-client' "$GC_LOG" \
    || { indent <"$GC_LOG"; fail "generate-client --help printed no usage"; }
pass "generate-client --help"
if swift package --package-path "$PKG" --scratch-path "$SCRATCH" --allow-writing-to-package-directory \
    generate-client --target ShopAPI >"$GC_LOG" 2>&1; then
    indent <"$GC_LOG"
    fail "generate-client wrote code for ShopAPI, which applies HTCodegenPlugin"
fi
grep -q 'ShopAPI already applies HTCodegenPlugin' "$GC_LOG" || { indent <"$GC_LOG"; fail "no clear refusal"; }
[ ! -e "$PKG/Sources/ShopAPI/Generated" ] || fail "the refused generate-client still wrote Sources/ShopAPI/Generated"
pass "generate-client refused ShopAPI and wrote nothing"

echo "== plugin e2e: no-op rebuild"
BEFORE=$(generated_fingerprint)
build_or_fail "no-op rebuild"
NOOP_BUILD=$LAST_BUILD_SECONDS
if grep -q 'Generating Swift from' "$LOG"; then
    echo "NOTE: the no-op rebuild ran the generator again (SwiftPM relinked ht-codegen-tool)"
fi
if [ -z "$BEFORE" ]; then
    echo "NOTE: no generated .swift files found under $SCRATCH/plugins; skipping the regeneration check"
elif [ "$BEFORE" = "$(generated_fingerprint)" ]; then
    pass "no-op rebuild left the generated files untouched"
else
    echo "WARN: the no-op rebuild rewrote generated files (the generator ran again although nothing changed)"
fi

# ---------------------------------------------------------------------------------------------------
echo "== plugin e2e 2/3: add a field to the spec and use it"
python3 - "$SPEC" <<'PY'
import json, sys
path = sys.argv[1]
with open(path, encoding="utf-8") as handle:
    spec = json.load(handle)
spec["types"]["Product"]["fields"]["sku"] = {"type": "String", "description": "Stock keeping unit."}
with open(path, "w", encoding="utf-8") as handle:
    json.dump(spec, handle, indent=2)
    handle.write("\n")
PY
cat >"$MAIN" <<'SWIFT'
// Rewritten by .ci/plugin-e2e.sh: uses `sku`, which only exists once the spec edit was regenerated.
import HTNetworking

let product = HTProduct {
    $0.id = 42
    $0.name = "Widget"
    $0.sku = "SKU-42"
}
print("model: HTProduct id=\(product.id.map(String.init) ?? "-") name=\(product.name ?? "-")")
print("sku: \(product.sku ?? "-")")

let request = HTGetProductRequest(id: product.id ?? 0)
print("request: \(type(of: request)) \(HTGetProductRequest.method) \(HTGetProductRequest.path)")
SWIFT
build_or_fail "rebuild after the spec edit"
EDIT_BUILD=$LAST_BUILD_SECONDS
OUTPUT=$(run_app) || fail "the app exited with an error: $OUTPUT"
printf '%s\n' "$OUTPUT" | sed 's/^/    > /'
expect_line "$OUTPUT" '^sku: SKU-42$'
expect_line "$OUTPUT" '^model: HTProduct id=42 name=Widget$'

echo "== plugin e2e: a spec over 32 KiB is split into shards, and joined again when it shrinks"
# 40 more types with long descriptions, referring to Product and to each other across the files.
cp "$SPEC" "$WORK/shop.before-shards.json"
python3 - "$SPEC" <<'PY'
import json, sys
path = sys.argv[1]
with open(path, encoding="utf-8") as handle:
    spec = json.load(handle)
for i in range(40):
    spec["types"][f"Pad{i}"] = {
        "description": f"Padding type {i}. " + "A long description that makes the spec large. " * 20,
        "fields": {"product": "Product", "next": f"Pad{(i + 1) % 40}"},
    }
with open(path, "w", encoding="utf-8") as handle:
    json.dump(spec, handle, indent=2)
    handle.write("\n")
PY
[ "$(wc -c <"$SPEC")" -gt 32768 ] || fail "the padded spec is not over 32 KiB"
shards() { find "$SCRATCH/plugins" -type f -name "shop+$1*.swift" | wc -l; }
# SwiftPM keeps its build plan, and so the plugin's declared files, until the target's files change:
# the spec's new size is not seen yet, and the generator writes the files the plan declares.
build_or_fail "rebuild after the spec grew over 32 KiB (same plan)"
OUTPUT=$(run_app) || fail "the app exited with an error: $OUTPUT"
expect_line "$OUTPUT" '^sku: SKU-42$'
# A new file in the target makes SwiftPM plan again: the plugin then declares the shards.
printf '// Added by .ci/plugin-e2e.sh so that SwiftPM plans the build again.\n' >"$PKG/Sources/App/Replan.swift"
build_or_fail "rebuild after a file was added to the target (new plan)"
[ "$(shards Models)" -ge 2 ] && [ "$(shards Models)" -eq "$(shards Requests)" ] \
    || fail "expected several shop+Models*.swift and as many shop+Requests*.swift, found $(shards Models) and $(shards Requests)"
pass "the grown spec generated $(shards Models) models and $(shards Requests) requests files"
OUTPUT=$(run_app) || fail "the app exited with an error: $OUTPUT"
expect_line "$OUTPUT" '^sku: SKU-42$'
cp "$WORK/shop.before-shards.json" "$SPEC"
cp "$SPEC" "$WORK/shop.good.json"
rm "$PKG/Sources/App/Replan.swift"
build_or_fail "rebuild after the spec shrank again (and the file was removed)"
[ "$(shards Models)" -eq 1 ] || fail "stale shards remain: $(shards Models) shop+Models*.swift files"
pass "the shrunk spec is back to one models file (the stale shards were deleted)"

# ---------------------------------------------------------------------------------------------------
echo "== plugin e2e 3/3: a reference to an undefined type fails the build at its position"
# Adds a field of the undefined type `Nope` and prints the 1-based line and column of the opening
# quote of the string "Nope", which is where the diagnostic must point.
POSITION=$(python3 - "$SPEC" <<'PY'
import json, sys
path = sys.argv[1]
with open(path, encoding="utf-8") as handle:
    spec = json.load(handle)
spec["types"]["Product"]["fields"]["maker"] = {"type": "Nope", "description": "Refers to an undefined type."}
text = json.dumps(spec, indent=2) + "\n"
if text.count('"Nope"') != 1:
    sys.exit("expected exactly one \"Nope\" in the broken spec")
offset = text.index('"Nope"')
line = text.count("\n", 0, offset) + 1
column = offset - (text.rfind("\n", 0, offset) + 1) + 1
with open(path, "w", encoding="utf-8") as handle:
    handle.write(text)
print(line, column)
PY
) || fail "could not break the spec"
read -r LINE COL <<<"$POSITION"
[[ "$LINE" =~ ^[0-9]+$ && "$COL" =~ ^[0-9]+$ ]] || fail "could not compute the position of the broken reference"
echo "    the reference to \"Nope\" is at shop.htspec.json:$LINE:$COL: $(sed -n "${LINE}p" "$SPEC" | sed 's/^ *//')"
if build_fixture; then
    show_log
    fail "the build succeeded although the spec references the undefined type Nope"
fi
pass "the build failed"
echo "    captured diagnostic:"
grep -E 'shop\.htspec\.json:[0-9]+:[0-9]+: (error|warning):' "$LOG" | indent || true
if grep -Eq "shop\.htspec\.json:${LINE}:${COL}: error:" "$LOG"; then
    pass "the error points at shop.htspec.json:$LINE:$COL"
else
    show_log
    fail "no 'shop.htspec.json:$LINE:$COL: error:' in the build output"
fi

echo "== plugin e2e: the same in the YAML spec"
cp "$WORK/shop.good.json" "$SPEC"
YAML_SPEC="$PKG/Sources/ShopAPI/reviews.htspec.yaml"
# `reviews: {type: Array<Review>}` becomes `reviews: {type: Array<Nope>}`; the diagnostic points at the
# scalar `Array<Nope>`.
sed -i.bak 's/{type: Array<Review>}/{type: Array<Nope>}/' "$YAML_SPEC"
LINE=$(grep -n 'Array<Nope>' "$YAML_SPEC" | cut -d: -f1)
COL=$(grep 'Array<Nope>' "$YAML_SPEC" | awk '{ print index($0, "Array<Nope>") }')
[[ "$LINE" =~ ^[0-9]+$ && "$COL" =~ ^[0-9]+$ ]] || fail "could not break the YAML spec"
echo "    the reference to Nope is at reviews.htspec.yaml:$LINE:$COL"
if build_fixture; then
    show_log
    fail "the build succeeded although the YAML spec references the undefined type Nope"
fi
grep -E 'reviews\.htspec\.yaml:[0-9]+:[0-9]+: (error|warning):' "$LOG" | indent || true
if grep -Eq "reviews\.htspec\.yaml:${LINE}:${COL}: error:" "$LOG"; then
    pass "the error points at reviews.htspec.yaml:$LINE:$COL"
else
    show_log
    fail "no 'reviews.htspec.yaml:$LINE:$COL: error:' in the build output"
fi

# ---------------------------------------------------------------------------------------------------
echo "== plugin e2e: timings"
printf '    first build:               %6ss\n' "$FIRST_BUILD"
printf '    no-op rebuild:             %6ss\n' "$NOOP_BUILD"
printf '    rebuild after spec edit:   %6ss\n' "$EDIT_BUILD"
echo "PASS: plugin end-to-end check"
