"""The CPU seconds a command and every process it starts use, however they end.

    python tools/cpu_of.py [--every 0.5] -- python -m pytest tests/browser/test_period_lessons.py

The machine is shared, so wall time says more about the load than about a test: compare CPU
seconds. ``/usr/bin/time`` counts only the children that are waited for; a browser test's
Chromium (started by Playwright's driver) and JupyterLab's kernels (each in a session of its
own) are often not, so this samples ``/proc`` instead: every process whose parent chain leads to
the command (or to a process seen in it before) is followed, and its own user + system time,
as last seen, is summed at the end. A process that lives less than one sample is missed, and
each may lose its last sample's worth: figures are a little low, never high.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

TICK = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> tuple[int, float] | None:
    """(parent pid, own user + system seconds) of a process, or None if it is gone."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as file:
            text = file.read()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2 :].split()
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / TICK


def _name(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as file:
            return file.read().replace(b"\0", b" ").decode(errors="replace").strip()[:90]
    except OSError:
        return "?"


def run(
    command: list[str], every: float = 0.5, names: dict[int, str] | None = None
) -> tuple[int, float, float, dict[int, float]]:
    """Run ``command``; its exit status, CPU seconds, wall seconds and each process's CPU
    seconds (``names``, if given, gets each process's command line)."""
    start = time.perf_counter()
    process = subprocess.Popen(command)
    ours: set[int] = {process.pid}
    cpu: dict[int, float] = {}
    while True:
        table = {}
        for name in os.listdir("/proc"):
            if name.isdigit():
                found = _stat(int(name))
                if found is not None:
                    table[int(name)] = found
        changed = True
        while changed:  # children of ours are ours (their own children on the next pass)
            changed = False
            for pid, (parent, _) in table.items():
                if pid not in ours and parent in ours:
                    ours.add(pid)
                    changed = True
        for pid in ours & set(table):
            cpu[pid] = max(cpu.get(pid, 0.0), table[pid][1])
            if names is not None and pid not in names:
                names[pid] = _name(pid)
        if process.poll() is not None:
            break
        time.sleep(every)
    return process.returncode, sum(cpu.values()), time.perf_counter() - start, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--every", type=float, default=0.5, help="seconds between samples")
    parser.add_argument("--top", type=int, default=0, help="list the N costliest processes")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    names: dict[int, str] = {}
    status, cpu, wall, each = run(command, args.every, names)
    load = os.getloadavg()[0]
    for pid in sorted(each, key=each.__getitem__, reverse=True)[: args.top]:
        print(f"cpu_of: {each[pid]:7.1f} CPU-s  {names.get(pid, '?')}", file=sys.stderr)
    print(
        f"cpu_of: {cpu:.1f} CPU-s, {wall:.1f} s wall, {len(each)} processes, load {load:.1f}: "
        + " ".join(command),
        file=sys.stderr,
    )
    return status


if __name__ == "__main__":
    sys.exit(main())
