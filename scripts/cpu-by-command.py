#!/usr/bin/env python3
"""CPU seconds spent by each command over an interval, from /proc.

    scripts/cpu-by-command.py SECONDS [DELAY]

Waits DELAY seconds (0), reads every process's user and system time,
sleeps SECONDS, reads them again and prints one line
`cpu name=seconds ...` with the CPU each command name used in between
(processes that started in the interval count from zero; one that ended
in it is missed, so the interval should lie inside the load's run).
Used by scripts/pg-ceiling.sh to split a run's CPU between PostgreSQL,
the load generator and the server on one machine.
"""
import os
import sys
import time

TICKS = os.sysconf("SC_CLK_TCK")


def sample():
    seen = {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        name = stat[stat.index("(") + 1 : stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2 :].split()
        # utime and stime: fields 14 and 15 of stat, 12 and 13 after the name.
        seen[pid] = (name, (int(fields[11]) + int(fields[12])) / TICKS)
    return seen


def main():
    seconds = float(sys.argv[1])
    time.sleep(float(sys.argv[2]) if len(sys.argv) > 2 else 0.0)
    before = sample()
    started = time.monotonic()
    time.sleep(seconds)
    after = sample()
    elapsed = time.monotonic() - started
    used = {}
    for pid, (name, cpu) in after.items():
        was = before.get(pid)
        spent = cpu - (was[1] if was and was[0] == name else 0.0)
        used[name] = used.get(name, 0.0) + spent
    top = sorted(used.items(), key=lambda item: -item[1])
    shown = " ".join(f"{name}={cpu:.2f}" for name, cpu in top if cpu >= 0.05)
    print(f"cpu elapsed={elapsed:.2f} {shown}")


if __name__ == "__main__":
    main()
