"""Domineering rectangles valued by onag and by t4ccer's cgt-py (from PyPI), side by side in one
run: each measurement a fresh process (each library keeps a table of games), taken in turn,
the medians and their ratio printed, and the two canonical forms checked equal by onag's
algebra. The peer lives in this benchmark's own virtual environment
(target/bench-peers-venv), never in the package's dependencies:

    python3 benches/domineering_peers.py [ROUNDS] [BOARD ...]   # default: 3 rounds; 4x5 5x5 5x6
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from partizan_peers import PYTHON, ROOT, setup  # noqa: E402

CHILD = {
    "onag": (
        "import onag, time\n"
        "game = onag.game('domineering', max_positions=10**9, max_memory=16 * 2**30)\n"
        "start = time.perf_counter()\n"
        "text = str(game.form({board!r}))\n"
    ),
    "cgt-py": (
        "import cgt_py, time\n"
        "start = time.perf_counter()\n"
        "text = str(cgt_py.Domineering({rows!r}).canonical_form)[len('CanonicalForm(') + 1:-2]\n"
    ),
}
TAIL = (
    "elapsed = time.perf_counter() - start\n"
    "import json, resource\n"
    "open({out!r}, 'w').write(text)\n"
    "print(json.dumps({{'seconds': elapsed, 'max_rss_kib': resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}}))\n"
)


def measure(name: str, board: str) -> tuple[float, int]:
    rows, columns = (int(n) for n in board.split("x"))
    out = ROOT / "target" / f"bench-domineering-{name}-{board}.txt"
    code = (CHILD[name] + TAIL).format(
        board=board, rows="|".join(["." * columns] * rows), out=str(out)
    )
    result = subprocess.run([PYTHON, "-c", code], check=True, capture_output=True, text=True)
    answer = json.loads(result.stdout)
    return answer["seconds"], answer["max_rss_kib"]


def main() -> None:
    setup()
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    boards = sys.argv[2:] or ["4x5", "5x5", "5x6"]
    for board in boards:
        times: dict[str, list[float]] = {name: [] for name in CHILD}
        memory: dict[str, int] = {}
        for _ in range(rounds):
            for name in CHILD:
                seconds, rss = measure(name, board)
                times[name].append(seconds)
                memory[name] = max(memory.get(name, 0), rss)
        check = (
            "import onag\n"
            f"a = onag.Form(open('target/bench-domineering-onag-{board}.txt').read())\n"
            f"b = onag.Form(open('target/bench-domineering-cgt-py-{board}.txt').read())\n"
            "print(a == b)"
        )
        same = subprocess.run([PYTHON, "-c", check], cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()
        medians = {name: statistics.median(values) for name, values in times.items()}
        print(
            f"domineering {board}: onag {medians['onag']:.3f} s ({memory['onag'] // 1024} MiB), "
            f"cgt-py {medians['cgt-py']:.3f} s ({memory['cgt-py'] // 1024} MiB), "
            f"cgt-py / onag = {medians['cgt-py'] / medians['onag']:.1f}x, same form: {same}",
            flush=True,
        )


if __name__ == "__main__":
    main()
