#!/usr/bin/env python3
"""Runs a test command (`swift test ...`) with a time limit, passing its output through.

Past the limit it prints what a hang needs to be found: the tests that started and did not end (from
Swift Testing's `◇ Test ... started.` and `✔/✘/➜ Test ...` lines) and every thread's stack of each test
process (gdb), then ends the command and exits with 124. A test run that hangs thus fails the CI step
with its cause, instead of holding CI until its overall limit with nothing said (that happened once:
two tests waited in `Process.waitUntilExit()` on both of the cooperative pool's threads).

usage: watch-tests.py --limit SECONDS -- COMMAND [ARGS...]
"""

import argparse
import os
import re
import signal
import subprocess
import sys
import threading
import time

STARTED = re.compile(r"^◇ Test (.+) started\.$")
ENDED = re.compile(r"^[✔✘➜] Test (.+?)(?: with \d+ test cases?)? (?:passed|failed|skipped)\b")
FRAME = re.compile(r"^(Thread \d+|#\d+ )")


def descendants(root):
    """The process IDs below `root`, from /proc."""
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8", errors="replace") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(entry))
    found, queue = [], [root]
    while queue:
        pid = queue.pop()
        for child in children.get(pid, []):
            found.append(child)
            queue.append(child)
    return found


def command_line(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
            return cmdline.read().replace(b"\0", b" ").decode("utf-8", "replace").strip()
    except OSError:
        return ""


def dump_stacks(root):
    """Prints the threads of every test process under `root` (the .xctest bundles swift test runs)."""
    for pid in descendants(root):
        line = command_line(pid)
        if ".xctest" not in line and "swiftpm-testing-helper" not in line:
            continue
        print(f"\n---- threads of {pid}: {line[:200]}", flush=True)
        try:
            result = subprocess.run(
                ["gdb", "-p", str(pid), "-batch", "-ex", "set pagination off", "-ex", "thread apply all bt 40"],
                capture_output=True, text=True, errors="replace", timeout=180,
            )
            frames = [line for line in result.stdout.splitlines() if FRAME.match(line)]
            print("\n".join(frames) if frames else (result.stderr.strip() or "gdb printed no frames"), flush=True)
        except (OSError, subprocess.TimeoutExpired) as error:
            print(f"gdb could not attach: {error}", flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--limit", type=float, required=True, help="seconds the command may run")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    options = parser.parse_args()
    command = options.command[1:] if options.command[:1] == ["--"] else options.command
    if not command:
        parser.error("no command")

    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
    )
    running = {}
    lock = threading.Lock()

    def relay():
        for raw in process.stdout:
            sys.stdout.buffer.write(raw)
            sys.stdout.flush()
            text = raw.decode("utf-8", "replace").rstrip("\n")
            started, ended = STARTED.match(text), ENDED.match(text)
            with lock:
                if started:
                    running[started.group(1)] = time.monotonic()
                elif ended:
                    running.pop(ended.group(1), None)

    reader = threading.Thread(target=relay, daemon=True)
    reader.start()
    try:
        status = process.wait(timeout=options.limit)
        reader.join(timeout=30)
        return status
    except subprocess.TimeoutExpired:
        pass

    now = time.monotonic()
    print(f"\n==== {' '.join(command)} ran longer than {options.limit:.0f} s ====", flush=True)
    with lock:
        hung = sorted(running.items(), key=lambda item: item[1])
    print(f"{len(hung)} tests started and did not end (oldest first):")
    for name, started in hung:
        print(f"  {now - started:8.1f} s  {name}")
    dump_stacks(process.pid)
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait()
    print(f"\nthe test run hung: stopped after {options.limit:.0f} s", file=sys.stderr, flush=True)
    return 124


if __name__ == "__main__":
    sys.exit(main())
