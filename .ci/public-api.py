#!/usr/bin/env python3
"""Counts the public declarations of each module from its symbol graphs and fails when a module has
more than its line in .ci/public-api-baseline.txt allows.

    python3 .ci/public-api.py                   # build the symbol graphs if needed, print, check
    python3 .ci/public-api.py --no-build        # use the graphs .ci/docs.sh just wrote (CI)
    python3 .ci/public-api.py --print-baseline  # the current counts, in the baseline file's format
    python3 .ci/public-api.py --list HTModel    # every counted declaration of a module, by file
    python3 .ci/public-api.py --check-topics    # also: every public top-level symbol is in a DocC topic

The graphs are the ones .ci/docs.sh builds: `swift build --target HTNetworkingCompat` (HTModel,
HTNetworking and HTNetworkingCompat) into $HT_DOCS_SCRATCH (default .build-docs) with the compiler writing the symbol graph of each module it
compiles (-emit-symbol-graph) to <scratch>/symbol-graphs. Without --no-build this script runs that same
build (a no-op when docs.sh has just run), so it can run on its own and shares docs.sh's build.
Graphs from `swift package dump-symbol-graph` (swift-symbolgraph-extract, which does not repeat
re-exported symbols) can be passed with --graphs DIR; they give the same counts.

What counts, per module (what a user of `import HTNetworking` sees, HTModel being re-exported, and
what `import HTNetworkingCompat` adds; the "default import" line is HTModel and HTNetworking together):
  - the symbols of <Module>.symbols.json and of its extension graphs (<Module>@Swift.symbols.json,
    <Module>@FoundationEssentials...: the module's extensions of other modules' types);
  - with access level public or open;
  - not SPI: a symbol marked "spi": true (the `@_spi(Generated)` API, and the members of an SPI type)
    is left out. The compiler writes no SPI symbols unless asked to (-include-spi-symbols); the filter
    keeps the count right if the graphs are ever built with them;
  - declared in the package: the members a type gets from a protocol's default implementation or a
    superclass ("synthesized": their identifier has ::SYNTHESIZED::, over a third of the graphs, mostly
    Equatable's != and FixedWidthInteger's operators on extended types) are printed but not counted;
    nor are extension blocks (kind swift.extension, there because docs.sh builds with
    -emit-extension-block-symbols);
  - once: a module that re-exports another (`@_exported import HTModel`) repeats the other's symbols in
    its own graphs; a symbol counts for the module that declares it (the smallest graph set holding it).
"Top-level types" are the structs, enums, classes, actors, protocols and typealiases at the top level
of a module (not counted separately: they are among the declarations).

DocC topics (--check-topics): every public top-level symbol of a module (its types and typealiases, and
any top-level function or global), as counted above, must be listed in a Topics section of the module's
catalog, Sources/<Module>/<Module>.docc: a `- ``Name``` (or ``Module/Name``) entry under a `## Topics`
heading of the module page, an article or an extension page. Symbols in no topic are printed by file;
with --check-topics (or --check-topics=fail) they fail the script, with --check-topics=warn they are only
printed. A member (``Type/member``) does not list its type.

Exit status: 0 when no module exceeds its baseline (and, with --check-topics=fail, every top-level symbol
is in a topic), 1 when one does (or has no baseline line, or a symbol is in no topic), 2 when the graphs
cannot be found or built.
"""

import argparse
import collections
import glob
import json
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BASELINE = os.path.join(ROOT, ".ci", "public-api-baseline.txt")
PUBLIC = {"public", "open"}
# The modules `import HTNetworking` brings (HTNetworking re-exports HTModel); HTNetworkingCompat is
# counted on its own line, and is not part of it.
DEFAULT_IMPORT = ("HTModel", "HTNetworking")
TYPE_KINDS = {"swift.struct", "swift.enum", "swift.class", "swift.actor", "swift.protocol", "swift.typealias"}
# Top-level declarations that are not types: functions, operators, global variables.
GLOBAL_KINDS = {"swift.func", "swift.func.op", "swift.var"}
# `- ``Name``` entries of a Topics section (the link text only).
TOPIC_ENTRY = re.compile(r"^\s*[-*+]\s+``([^`]+)``")


def scratch_path():
    return os.environ.get("HT_DOCS_SCRATCH") or os.path.join(ROOT, ".build-docs")


def build_graphs(scratch, graphs, modules):
    """The build .ci/docs.sh does: an up-to-date build keeps the graphs of the last compile (current,
    since nothing changed); if a module's graph is missing, the scratch folder is rebuilt from scratch."""

    def build():
        os.makedirs(graphs, exist_ok=True)
        command = ["swift", "build", "--target", "HTNetworkingCompat", "--scratch-path", scratch,
                   "-Xswiftc", "-emit-symbol-graph", "-Xswiftc", "-emit-symbol-graph-dir", "-Xswiftc", graphs,
                   "-Xswiftc", "-emit-extension-block-symbols"]
        print("== public API: " + " ".join(command), flush=True)
        return subprocess.call(command, cwd=ROOT, stdin=subprocess.DEVNULL)

    if build() != 0:
        return False
    if any(not os.path.isfile(os.path.join(graphs, m + ".symbols.json")) for m in modules):
        print(f"== public API: symbol graphs missing; rebuilding {scratch} from scratch", flush=True)
        subprocess.call(["rm", "-rf", scratch])
        return build() == 0
    return True


def read_baseline(path):
    """Module -> count, in file order. Lines: `Module count`; `#` starts a comment."""
    baseline = {}
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            parts = line.split()
            if len(parts) != 2 or not parts[1].isdigit():
                sys.exit(f"{path}:{number}: expected `Module count`, found {line!r}")
            baseline[parts[0]] = int(parts[1])
    return baseline


def load_module(graphs, module):
    """The public, non-SPI symbols of a module's graphs (its own and its extension graphs), by
    precise identifier."""
    files = [os.path.join(graphs, module + ".symbols.json")]
    files += sorted(glob.glob(os.path.join(graphs, glob.escape(module) + "@*.symbols.json")))
    symbols = {}
    for path in files:
        if not os.path.isfile(path):
            continue
        with open(path, encoding="utf-8") as f:
            graph = json.load(f)
        for symbol in graph.get("symbols", []):
            if symbol.get("accessLevel") not in PUBLIC or symbol.get("spi"):
                continue
            if symbol.get("kind", {}).get("identifier") == "swift.extension":
                continue
            symbols.setdefault(symbol["identifier"]["precise"], symbol)
    return symbols


def is_synthesized(identifier):
    return "::SYNTHESIZED::" in identifier


def measure(graphs, modules):
    """Module -> (declarations, synthesized, top-level types), each a list of symbols."""
    loaded = {m: load_module(graphs, m) for m in modules}
    holders = collections.defaultdict(list)
    for module, symbols in loaded.items():
        for identifier in symbols:
            holders[identifier].append(module)
    result = {}
    for module, symbols in loaded.items():
        declarations, synthesized, types = [], [], []
        for identifier, symbol in symbols.items():
            owner = min(holders[identifier], key=lambda m: (len(loaded[m]), m))
            if owner != module:
                continue  # re-exported from the module that declares it
            if is_synthesized(identifier):
                synthesized.append(symbol)
                continue
            declarations.append(symbol)
            if (symbol["kind"]["identifier"] in TYPE_KINDS and len(symbol.get("pathComponents", [])) == 1
                    and "swiftExtension" not in symbol):
                types.append(symbol)
        result[module] = (declarations, synthesized, types)
    return result


def is_top_level(symbol):
    return len(symbol.get("pathComponents", [])) == 1 and "swiftExtension" not in symbol


def catalog_topics(catalog, module):
    """The names the Topics sections of a catalog list at the top level of `module`: from every
    Markdown file, the `- ``Link``` entries between a `## Topics` heading and the next heading of level
    1 or 2. `Module/Name` counts as `Name`; a disambiguated link (`Name-struct`, `f(_:)-8xwk6`) as its
    name; a member path (`Type/member`) as nothing."""
    names = set()
    for path in sorted(glob.glob(os.path.join(catalog, "**", "*.md"), recursive=True)):
        in_topics = False
        in_fence = False
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.lstrip().startswith("```"):
                    in_fence = not in_fence
                    continue
                if in_fence:
                    continue
                heading = re.match(r"^(#{1,6})\s+(.*?)\s*$", line)
                if heading:
                    level = len(heading.group(1))
                    if level <= 2:
                        in_topics = level == 2 and heading.group(2) == "Topics"
                    continue
                if not in_topics:
                    continue
                entry = TOPIC_ENTRY.match(line)
                if not entry:
                    continue
                link = entry.group(1).strip().lstrip("/")
                if link.startswith(module + "/"):
                    link = link[len(module) + 1:]
                if "/" in link:
                    continue
                names.add(link)
                # Without a disambiguation suffix: `HTCacheKey-struct`, `send(_:)-8xwk6`, `f(_:)->Int`.
                plain = re.match(r"^(.*?[\w)])-.*$", link)
                if plain:
                    names.add(plain.group(1))
    return names


def uncurated(counts, module):
    """The public top-level symbols of `module` that no Topics section of its catalog lists, and the
    catalog's path (None when the module has no catalog)."""
    catalog = os.path.join(ROOT, "Sources", module, module + ".docc")
    if not os.path.isdir(catalog):
        return None, []
    listed = catalog_topics(catalog, module)
    declarations = counts[module][0]
    top = [s for s in declarations if is_top_level(s)
           and s["kind"]["identifier"] in TYPE_KINDS | GLOBAL_KINDS]
    missing = [s for s in top if s["pathComponents"][0] not in listed]
    return os.path.relpath(catalog, ROOT), missing


def check_topics(counts, modules, mode):
    """Prints the top-level symbols in no DocC topic; returns whether that fails the run."""
    failing = False
    for module in modules:
        catalog, missing = uncurated(counts, module)
        if catalog is None:
            continue
        if not missing:
            print(f"== DocC topics: every public top-level symbol of {module} is in a Topics section of {catalog}")
            continue
        rows = sorted((location(s), s["kind"]["identifier"].removeprefix("swift."), s["pathComponents"][0])
                      for s in missing)
        verdict, out = ("FAIL", sys.stderr) if mode == "fail" else ("warning", sys.stdout)
        print(f"{verdict}: {len(missing)} public top-level symbols of {module} are in no Topics section of "
              f"{catalog} (list each as - ``Name`` under a `## Topics` heading of the module page, an "
              f"article or an extension page):", file=out)
        for (path, line), kind, name in rows:
            print(f"  {path}:{line}: {kind} {name}", file=out)
        by_folder = collections.Counter(os.path.dirname(path) for (path, _), _, _ in rows)
        for folder, count in sorted(by_folder.items()):
            print(f"  {count:4d}  {folder}/", file=out)
        out.flush()
        failing = failing or mode == "fail"
    return failing


def location(symbol):
    loc = symbol.get("location") or {}
    uri = loc.get("uri", "")
    if uri.startswith("file://"):
        uri = uri[len("file://"):]
    if uri.startswith(ROOT + os.sep):
        uri = uri[len(ROOT) + 1:]
    line = loc.get("position", {}).get("line")
    return uri or "?", (line + 1) if isinstance(line, int) else 0


def list_module(declarations):
    rows = []
    for symbol in declarations:
        path, line = location(symbol)
        kind = symbol["kind"]["identifier"].removeprefix("swift.")
        rows.append((path, line, kind, ".".join(symbol.get("pathComponents", []))))
    by_file = collections.Counter(r[0] for r in rows)
    for path, line, kind, name in sorted(rows):
        print(f"{path}:{line}: {kind} {name}")
    print()
    for path, count in sorted(by_file.items(), key=lambda item: (-item[1], item[0])):
        print(f"{count:6d}  {path}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--graphs", help="folder of symbol graphs (default: <docs scratch>/symbol-graphs)")
    parser.add_argument("--no-build", action="store_true", help="use the graphs as they are, build nothing")
    parser.add_argument("--baseline", default=BASELINE, help="baseline file (default: %(default)s)")
    parser.add_argument("--print-baseline", action="store_true",
                        help="print the current counts as baseline lines, check nothing")
    parser.add_argument("--list", metavar="MODULE", help="print every counted declaration of MODULE")
    parser.add_argument("--check-topics", nargs="?", const="fail", choices=["fail", "warn"],
                        help="check that every public top-level symbol is in a Topics section of its module's "
                             "DocC catalog: fail (the default) or warn (print only)")
    args = parser.parse_args()

    start = time.monotonic()
    baseline = read_baseline(args.baseline)
    modules = list(baseline) or ["HTModel", "HTNetworking"]
    if args.list and args.list not in modules:
        modules.append(args.list)
    scratch = scratch_path()
    graphs = os.path.abspath(args.graphs or os.path.join(scratch, "symbol-graphs"))
    if not args.no_build and not args.graphs:
        if not build_graphs(scratch, graphs, modules):
            print("public API: building the symbol graphs failed (above)", file=sys.stderr)
            return 2
    missing = [m for m in modules if not os.path.isfile(os.path.join(graphs, m + ".symbols.json"))]
    if missing:
        hint = "" if args.graphs else " (run `bash .ci/docs.sh`, or this script without --no-build)"
        print(f"public API: no symbol graph for {', '.join(missing)} in {graphs}{hint}", file=sys.stderr)
        return 2

    counts = measure(graphs, modules)
    if args.list:
        list_module(counts[args.list][0])
        return 0
    if args.print_baseline:
        for module in modules:
            print(f"{module} {len(counts[module][0])}")
        return 0

    print(f"== public API: symbol graphs in {graphs}")
    width = max(len(m) for m in modules + ["default import"]) + 2
    header = f"{'module':<{width}}{'count':>8}{'baseline':>10}{'change':>8}{'types':>8}   {'synthesized (not counted)'}"
    print(header)
    print("-" * len(header))
    over, under = [], []
    totals = [0, 0, 0]
    for module in modules:
        declarations, synthesized, types = counts[module]
        count = len(declarations)
        limit = baseline.get(module)
        change = "" if limit is None else f"{count - limit:+d}"
        print(f"{module:<{width}}{count:>8}{'-' if limit is None else limit:>10}{change:>8}{len(types):>8}"
              f"   {len(synthesized)}")
        totals[0] += count
        totals[1] += len(types)
        totals[2] += len(synthesized)
        if limit is None or count > limit:
            over.append((module, count, limit))
        elif count < limit:
            under.append((module, count, limit))
    print(f"{'total':<{width}}{totals[0]:>8}{sum(baseline.values()):>10}{totals[0] - sum(baseline.values()):>+8d}"
          f"{totals[1]:>8}   {totals[2]}")
    default = [m for m in DEFAULT_IMPORT if m in counts]
    if default:
        count = sum(len(counts[m][0]) for m in default)
        limit = sum(baseline.get(m, 0) for m in default)
        print(f"{'default import':<{width}}{count:>8}{limit:>10}{count - limit:>+8d}"
              f"{sum(len(counts[m][2]) for m in default):>8}   {sum(len(counts[m][1]) for m in default)}"
              f"   ({' + '.join(default)}: `import HTNetworking`)")
    print("types: the top-level structs, enums, classes, actors, protocols and typealiases among the count;")
    print("synthesized: members inherited from protocols and superclasses, not declarations of the module")
    print(f"== public API: {time.monotonic() - start:.1f}s")
    sys.stdout.flush()
    topics_fail = check_topics(counts, modules, args.check_topics) if args.check_topics else False

    relative = os.path.relpath(args.baseline, ROOT)
    sys.stdout.flush()  # the table first, then the verdict on stderr
    for module, count, limit in under:
        print(f"note: {module} has {limit - count} fewer public declarations than its baseline; "
              f"lower its line in {relative} to {count} so that they do not come back unnoticed")
    for module, count, limit in over:
        if limit is None:
            print(f"FAIL: {module} has no line in {relative}", file=sys.stderr)
        else:
            print(f"FAIL: {module} has {count} public declarations, {count - limit} more than its baseline "
                  f"({limit} in {relative}). Make the new API `package` or internal if only the package "
                  f"uses it, or raise the line to {count} in a reviewed change "
                  f"(`python3 .ci/public-api.py --list {module}` lists them by file)", file=sys.stderr)
    return 1 if over or topics_fail else 0


if __name__ == "__main__":
    sys.exit(main())
