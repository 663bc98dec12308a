"""Benchmark: onag.sequence against the onag program, and the memory of a large array.

  python sequence.py --onag target/release/onag [--rounds 5]

1. Officers (0.6) to 10^6 heaps: `onag.sequence("0.6", to=10**6)` (values made into a numpy
   array) against `onag sequence octal:0.6 --to 1000000 > /dev/null`, in turn, medians.
2. Kayles to 10^8 heaps as a numpy array: the peak resident memory a fresh process gains over
   what it holds after importing onag and numpy, against the array's own bytes.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time


def package_run(to: int) -> float:
    code = (
        "import time, onag, numpy\n"
        "t = time.perf_counter()\n"
        f"v = onag.sequence('0.6', to={to}).values\n"
        "print(time.perf_counter() - t)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(done.stdout)


def program_run(binary: str, to: int) -> float:
    t = time.perf_counter()
    subprocess.run(
        [binary, "sequence", "octal:0.6", "--to", str(to)], stdout=subprocess.DEVNULL, check=True
    )
    return time.perf_counter() - t


def kayles_memory(to: int) -> tuple[int, int]:
    code = (
        "import resource, onag, numpy\n"
        "onag.sequence('kayles', to=10).values\n"
        "before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        f"v = onag.sequence('kayles', to={to}).values\n"
        "after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "print((after - before) * 1024, v.nbytes)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    gained, array = done.stdout.split()
    return int(gained), int(array)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--onag", required=True, help="the onag program (release build)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--to", type=int, default=10**6)
    parser.add_argument("--kayles", type=int, default=10**8)
    arguments = parser.parse_args()
    package, program = [], []
    for _ in range(arguments.rounds):
        package.append(package_run(arguments.to))
        program.append(program_run(arguments.onag, arguments.to))
    p, q = statistics.median(package), statistics.median(program)
    print(f"0.6 to {arguments.to}: package median {p:.3f} s {package}")
    print(f"0.6 to {arguments.to}: program median {q:.3f} s {program}")
    print(f"package / program = {p / q:.3f}")
    gained, array = kayles_memory(arguments.kayles)
    print(f"kayles to {arguments.kayles}: peak memory gained {gained} bytes, array {array} bytes,"
          f" ratio {gained / array:.3f}")


if __name__ == "__main__":
    main()
