#!/usr/bin/env bash
# How fast the YAML reader parses, against the JSON reader on the same content (issue #25's figures).
# Not run by CI: a measurement, printed, never asserted.
#
#   HT_CORPUS=../shared/data bash .ci/yaml-speed.sh [--debug] [MEGABYTES]
#
# Builds a throwaway package outside this one (its only target is Sources/HTCodegenCore, linked) in
# release mode (debug with --debug: the build plugin runs the generator as a debug build), then parses
#   - $HT_CORPUS/openapi/discourse.openapi.yaml (487 KB), if HT_CORPUS is set, and
#   - a synthetic native spec in YAML of about MEGABYTES MB (default 5; made by .ci/synthetic-spec.py
#     and written out as block-style YAML by a few lines of Python, no YAML package needed),
# each as YAML with YAMLDocumentParser and, converted to JSON (by the YAML reader itself, indented by
# two spaces), with JSONDocumentParser: best of 5 runs, MB/s, and the ratio. Needs swift and python3.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
CONFIG=release
if [ "${1:-}" = "--debug" ]; then
    CONFIG=debug
    shift
fi
MEGABYTES=${1:-5}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/ht-yaml-speed.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

mkdir -p "$WORK/pkg/Sources/yamlspeed"
ln -s "$ROOT/Sources/HTCodegenCore" "$WORK/pkg/Sources/HTCodegenCore"
cat >"$WORK/pkg/Package.swift" <<'SWIFT'
// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "yamlspeed",
    targets: [
        .target(name: "HTCodegenCore"),
        .executableTarget(name: "yamlspeed", dependencies: ["HTCodegenCore"]),
    ],
    swiftLanguageModes: [.v6]
)
SWIFT
cat >"$WORK/pkg/Sources/yamlspeed/main.swift" <<'SWIFT'
import Foundation
import HTCodegenCore

/// JSON text of a node, indented by two spaces.
func json(_ node: JSONNode, _ indent: String, into out: inout String) {
    switch node.value {
    case .null: out += "null"
    case .bool(let value): out += value ? "true" : "false"
    case .number(let text): out += Double(text)?.isFinite == false ? "null" : text
    case .string(let text): out += quoted(text)
    case .array(let elements):
        if elements.isEmpty { out += "[]"; return }
        out += "[\n"
        for (index, element) in elements.enumerated() {
            out += indent + "  "
            json(element, indent + "  ", into: &out)
            out += index + 1 < elements.count ? ",\n" : "\n"
        }
        out += indent + "]"
    case .object(let members):
        if members.isEmpty { out += "{}"; return }
        out += "{\n"
        for (index, member) in members.enumerated() {
            out += indent + "  " + quoted(member.key) + ": "
            json(member.value, indent + "  ", into: &out)
            out += index + 1 < members.count ? ",\n" : "\n"
        }
        out += indent + "}"
    }
}

func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case "\r": out += "\\r"
        default:
            if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
        }
    }
    return out + "\""
}

func best(_ work: () -> Void) -> Double {
    var best = Double.infinity
    for _ in 0..<5 {
        let start = DispatchTime.now().uptimeNanoseconds
        work()
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return best
}

for path in CommandLine.arguments.dropFirst() {
    guard let data = FileManager.default.contents(atPath: path) else { fatalError("cannot read \(path)") }
    let yaml = [UInt8](data)
    let document: JSONNode
    do {
        document = try YAMLDocumentParser.parse(yaml, file: path).node
    } catch {
        fatalError("\(error.diagnostic)")
    }
    var text = ""
    json(document, "", into: &text)
    let jsonBytes = Array(text.utf8)
    let yamlTime = best { _ = try? YAMLDocumentParser.parse(yaml, file: path) }
    let jsonTime = best { _ = try? JSONDocumentParser.parse(jsonBytes, file: path) }
    let name = path.split(separator: "/").last.map(String.init) ?? path
    print(String(format: "%@\n  YAML %7.1f KB %8.2f ms %6.1f MB/s\n  JSON %7.1f KB %8.2f ms %6.1f MB/s (same content)\n  YAML takes %.1fx the JSON reader's time",
        name, Double(yaml.count) / 1024, yamlTime * 1000, Double(yaml.count) / 1e6 / yamlTime,
        Double(jsonBytes.count) / 1024, jsonTime * 1000, Double(jsonBytes.count) / 1e6 / jsonTime, yamlTime / jsonTime))
}
SWIFT

# The synthetic spec: .ci/synthetic-spec.py's JSON, written as block-style YAML (plain scalars where
# they read back as the same string, JSON-quoted otherwise).
python3 "$ROOT/.ci/synthetic-spec.py" 100 "$WORK/probe.htspec.json" >/dev/null
PER_MODEL=$(( $(wc -c <"$WORK/probe.htspec.json") / 100 ))
COUNT=$(( MEGABYTES * 1000 * 1000 * 100 / 83 / PER_MODEL ))
python3 "$ROOT/.ci/synthetic-spec.py" "$COUNT" "$WORK/synthetic.htspec.json" >/dev/null
python3 - "$WORK/synthetic.htspec.json" "$WORK/synthetic.htspec.yaml" "$MEGABYTES" <<'PY'
import json, re, sys
source, target, megabytes = sys.argv[1], sys.argv[2], float(sys.argv[3])
spec = json.load(open(source, encoding="utf-8"))
PLAIN = re.compile(r"[A-Za-z_/][A-Za-z0-9_ ./<>:-]*[A-Za-z0-9_./>]\Z|[A-Za-z]\Z")
RESERVED = {"true", "false", "null", "True", "False", "Null", "TRUE", "FALSE", "NULL", "yes", "no", "on", "off"}
def scalar(value):
    if isinstance(value, bool): return "true" if value else "false"
    if value is None: return "null"
    if isinstance(value, (int, float)): return json.dumps(value)
    if PLAIN.match(value) and value not in RESERVED and ": " not in value and " #" not in value: return value
    return json.dumps(value, ensure_ascii=False)
def emit(value, indent, out):
    pad = "  " * indent
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, (dict, list)) and item:
                out.append(f"{pad}{scalar(key)}:\n"); emit(item, indent + 1, out)
            else:
                out.append(f"{pad}{scalar(key)}: {scalar(item) if not isinstance(item, (dict, list)) else ('{}' if isinstance(item, dict) else '[]')}\n")
    else:
        for item in value:
            if isinstance(item, (dict, list)) and item:
                out.append(f"{pad}-\n"); emit(item, indent + 1, out)
            else:
                out.append(f"{pad}- {scalar(item)}\n")
out = ["# A synthetic spec, written as YAML by .ci/yaml-speed.sh\n"]
emit(spec, 0, out)
open(target, "w", encoding="utf-8").write("".join(out))
PY

echo "== building the reader ($CONFIG)"
swift build -c "$CONFIG" --package-path "$WORK/pkg" --scratch-path "$WORK/build" >"$WORK/build.log" 2>&1 \
    || { cat "$WORK/build.log"; exit 1; }
FILES=()
if [ -n "${HT_CORPUS:-}" ] && [ -f "$HT_CORPUS/openapi/discourse.openapi.yaml" ]; then
    FILES+=("$HT_CORPUS/openapi/discourse.openapi.yaml")
else
    echo "(HT_CORPUS is not set: only the synthetic document)"
fi
FILES+=("$WORK/synthetic.htspec.yaml")
"$WORK/build/$CONFIG/yamlspeed" "${FILES[@]}"
