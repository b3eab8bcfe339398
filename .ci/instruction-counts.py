#!/usr/bin/env python3
"""Speed figures that CI checks: instruction and allocation counts under valgrind, against thresholds.

Usage: python3 .ci/instruction-counts.py [--no-build] [--jobs N] [--thresholds FILE]

Builds ht-bench in release (`swift build -c release --product ht-bench`), runs each measurement twice
under valgrind with a small and a larger count, and takes the difference of the two totals divided by
the difference of the counts, so that start-up and the first send fall out. Valgrind runs the program
on one simulated core and counts what it executes, so a figure is the same run to run for the same
binary and inputs, whatever else the machine runs (swift-nio checks its allocation counts the same
way). Swift's hashing is made deterministic (SWIFT_DETERMINISTIC_HASHING=1), since a random seed
changes the work of every dictionary and set.

Prints each figure against its threshold in Benchmarks/instruction-thresholds.txt and exits 1 when one
is above it (and 2 when the file and the figures disagree). The twitter.json figures need the corpus:
when HT_CORPUS is unset they are skipped, saying so, and do not fail the run.
"""

import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_THRESHOLDS = os.path.join(ROOT, "Benchmarks", "instruction-thresholds.txt")

# Each measurement: ht-bench arguments for a count, the small and large counts, the valgrind tool.
# Counts are chosen so that the whole step takes a few minutes on two cores.
CACHE_HITS = (10, 2010)
CACHE_HIT_ALLOCATIONS = (10, 510)
MOCK_SENDS = (10, 2010)
MOCK_SEND_ALLOCATIONS = (10, 510)
VARIANT_SENDS = (10, 1010)
TWITTER = (1, 6)


def measurements(corpus):
    """(key, tool, argument builder, (small, large)) of every run pair."""
    runs = [
        ("cache-hit.instructions", "callgrind", lambda n: ["--cache-hits", str(n)], CACHE_HITS),
        ("cache-hit.allocations", "memcheck", lambda n: ["--cache-hits", str(n)], CACHE_HIT_ALLOCATIONS),
        ("token-cache-hit.instructions", "callgrind", lambda n: ["--token-cache-hits", str(n)], CACHE_HITS),
        ("token-cache-hit.allocations", "memcheck", lambda n: ["--token-cache-hits", str(n)], CACHE_HIT_ALLOCATIONS),
        ("mock-send.instructions", "callgrind", lambda n: ["--mock-sends", str(n)], MOCK_SENDS),
        ("mock-send.allocations", "memcheck", lambda n: ["--mock-sends", str(n)], MOCK_SEND_ALLOCATIONS),
        # What a send that needs neither pays for sharing identical GETs and for the token refresher
        # (issue #39): the same send without sharing, and with a token added by HTBearerTokenInterceptor
        # (a provider whose token never expires) against a plain block interceptor.
        ("mock-send-unshared.instructions", "callgrind", lambda n: ["--mock-sends", str(n), "--unshared"], VARIANT_SENDS),
        (
            "token-send-provider.instructions",
            "callgrind",
            lambda n: ["--mock-sends", str(n), "--token", "provider"],
            VARIANT_SENDS,
        ),
        ("token-send-block.instructions", "callgrind", lambda n: ["--mock-sends", str(n), "--token", "block"], VARIANT_SENDS),
    ]
    if corpus:
        payloads = os.path.join(corpus, "json", "payloads")
        for key, profile in (("twitter.parse-map", "twitter"), ("twitter.decoder", "twitter:decoder")):
            runs.append(
                (
                    key + ".instructions",
                    "callgrind",
                    lambda n, profile=profile: ["--corpus", payloads, "--profile", profile, "--iterations", str(n)],
                    TWITTER,
                )
            )
    return runs


def read_thresholds(path):
    thresholds = {}
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            text = line.split("#", 1)[0].strip()
            if not text:
                continue
            parts = text.split()
            if len(parts) != 2:
                sys.exit(f"{path}:{number}: expected 'NAME THRESHOLD', got {line.strip()!r}")
            try:
                thresholds[parts[0]] = float(parts[1].replace(",", ""))
            except ValueError:
                sys.exit(f"{path}:{number}: '{parts[1]}' is not a number")
    return thresholds


def run_valgrind(binary, tool, arguments, scratch):
    """The run's total: instructions (callgrind) or heap allocations (memcheck)."""
    env = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
    if tool == "callgrind":
        out = tempfile.mktemp(prefix="callgrind.", dir=scratch)
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", binary, *arguments]
    else:
        command = ["valgrind", "--tool=memcheck", "--leak-check=no", binary, *arguments]
    result = subprocess.run(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        raise RuntimeError(
            f"{' '.join(command)} exited with {result.returncode}:\n{result.stdout}{result.stderr[-3000:]}"
        )
    if tool == "callgrind":
        with open(out, encoding="utf-8", errors="replace") as handle:
            for line in handle:
                if line.startswith(("totals:", "summary:")):
                    return int(line.split()[1])
        raise RuntimeError(f"no totals in {out}")
    match = re.search(r"total heap usage: ([\d,]+) allocs", result.stderr)
    if not match:
        raise RuntimeError(f"no heap summary from {' '.join(command)}:\n{result.stderr[-3000:]}")
    return int(match.group(1).replace(",", ""))


def build():
    print("$ swift build -c release --product ht-bench", flush=True)
    subprocess.run(["swift", "build", "-c", "release", "--product", "ht-bench"], cwd=ROOT, check=True)


def binary_path():
    bin_dir = subprocess.run(
        ["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.strip()
    return os.path.join(bin_dir, "ht-bench")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-build", action="store_true", help="use the ht-bench already built in release")
    parser.add_argument("--jobs", type=int, default=2, help="valgrind runs at a time (default 2)")
    parser.add_argument("--thresholds", default=DEFAULT_THRESHOLDS)
    options = parser.parse_args()

    started = time.monotonic()
    thresholds = read_thresholds(options.thresholds)
    if shutil.which("valgrind") is None:
        print("instruction counts: valgrind is not on PATH (apt-get install valgrind)", file=sys.stderr)
        return 1
    if not options.no_build:
        build()
    binary = binary_path()
    corpus = os.environ.get("HT_CORPUS", "")
    runs = measurements(corpus)

    with tempfile.TemporaryDirectory(prefix="ht-instruction-counts.") as scratch:
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, options.jobs)) as pool:
            # The long runs (the larger counts) first, so that the workers finish at about the same time.
            jobs = {}
            for which in (1, 0):
                for key, tool, arguments, counts in runs:
                    n = counts[which]
                    jobs[(key, n)] = pool.submit(run_valgrind, binary, tool, arguments(n), scratch)
            try:
                totals = {job: future.result() for job, future in jobs.items()}
            except RuntimeError as error:
                print(f"instruction counts: {error}", file=sys.stderr)
                return 1

    figures = {}
    for key, _, _, (small, large) in runs:
        figures[key] = (totals[(key, large)] - totals[(key, small)]) / (large - small)
        print(f"  {key}: totals {totals[(key, small)]:,} (N={small}), {totals[(key, large)]:,} (N={large})")
    figures["mock-send.sharing-cost"] = figures["mock-send.instructions"] / figures["mock-send-unshared.instructions"]
    figures["token-send.refresher-cost"] = (
        figures["token-send-provider.instructions"] / figures["token-send-block.instructions"]
    )
    if corpus:
        figures["twitter.parse-map.vs-decoder"] = (
            figures["twitter.parse-map.instructions"] / figures["twitter.decoder.instructions"]
        )

    # What each figure is per, for the report; a figure with no threshold line is printed, not checked.
    units = {
        "cache-hit.instructions": "instructions per cache-first memory hit",
        "cache-hit.allocations": "heap allocations per cache-first memory hit",
        "token-cache-hit.instructions": "instructions per memory hit whose token an interceptor adds",
        "token-cache-hit.allocations": "heap allocations per memory hit whose token an interceptor adds",
        "mock-send.instructions": "instructions per client.send over HTMockTransport (7 users mapped)",
        "mock-send.allocations": "heap allocations per client.send over HTMockTransport",
        "mock-send-unshared.instructions": "the same send, identical GETs in flight not shared (not checked)",
        "mock-send.sharing-cost": "mock-send / mock-send-unshared: sharing, for a send that shares nothing",
        "token-send-provider.instructions": "the send with HTBearerTokenInterceptor's token (not checked)",
        "token-send-block.instructions": "the send with the same header from a block interceptor (not checked)",
        "token-send.refresher-cost": "provider / block: the token refresher, for a send that needs no refresh",
        "twitter.parse-map.instructions": "instructions per parse + map of twitter.json",
        "twitter.decoder.instructions": "instructions per JSONDecoder.decode of twitter.json (not checked)",
        "twitter.parse-map.vs-decoder": "ours / JSONDecoder, twitter.json",
    }
    print()
    failed = False
    for key, value in figures.items():
        if key.endswith(("vs-decoder", "-cost")):
            shown = f"{value:.3f}"
        elif key.endswith("allocations"):
            shown = f"{value:,.1f}"
        else:
            shown = f"{value:,.0f}"
        limit = thresholds.get(key)
        if limit is None:
            print(f"  {key:32} {shown:>12}    (no threshold)        -- {units[key]}")
            continue
        limit_shown = f"{limit:.3f}" if key.endswith(("vs-decoder", "-cost")) else f"{limit:,.0f}"
        if value > limit:
            verdict = "ABOVE THRESHOLD"
            failed = True
        elif value < limit / 1.2 and limit - value > 1:
            verdict = "ok, more than 20% below: lower the threshold"
        else:
            verdict = "ok"
        print(f"  {key:32} {shown:>12} <= {limit_shown:>12}?  {verdict}  -- {units[key]}")
    if not corpus:
        print(
            "  twitter.*: SKIPPED, HT_CORPUS is unset (the parse + map and JSONDecoder figures of "
            "twitter.json need $HT_CORPUS/json/payloads); not a failure"
        )

    missing = [key for key in thresholds if key not in units]
    if missing:
        print(f"instruction counts: thresholds for figures this script does not measure: {missing}", file=sys.stderr)
        return 2
    print(f"\n{time.monotonic() - started:.0f} s; thresholds from {os.path.relpath(options.thresholds, ROOT)}")
    if failed:
        print(
            "instruction counts: a figure is above its threshold. If the cost is intended, raise the line "
            "in the thresholds file (say why in the commit) and update the figure in the docs.",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
