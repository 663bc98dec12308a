"""The canonical form of a sum of 20 random games born by day 3 (benches/partizan_games.py):
onag against pycgt (pure Python) and cgt-py (t4ccer's Rust bindings), both from PyPI, side by
side in one run. Each measurement is a fresh process (each library keeps a table of games),
taken in turn, five rounds; the medians and their ratios are printed, and the three answers
are checked equal by onag's algebra.

The peers live in this benchmark's own virtual environment (target/bench-peers-venv), never in
the package's dependencies:

    python3 benches/partizan_peers.py            # builds the venv and the onag wheel if needed
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV = ROOT / "target" / "bench-peers-venv"
PYTHON = VENV / "bin" / "python"

WORK = {
    "onag": "import onag\nsums = [onag.Form(g) for g in games]\ns = sums[0]\nfor g in sums[1:]:\n    s = s + g\ntext = str(s)",
    "cgt-py": "import cgt_py\nsums = [cgt_py.CanonicalForm(g) for g in games]\ns = sums[0]\nfor g in sums[1:]:\n    s = s + g\ntext = str(s)[len('CanonicalForm(') + 1:-2]",
    "pycgt": "import pycgt\nsums = [pycgt.parse(g) for g in games]\ns = sums[0]\nfor g in sums[1:]:\n    s = pycgt.add(s, g)\ntext = pycgt.render(s)",
}

CHILD = """
import json, sys, time
sys.path.insert(0, {benches!r})
from partizan_games import games
games = games()
start = time.perf_counter()
{work}
elapsed = time.perf_counter() - start
open({out!r}, "w").write(text)
print(json.dumps({{"seconds": elapsed}}))
"""


def setup() -> None:
    if not PYTHON.exists():
        venv.create(VENV, with_pip=True)
    subprocess.run([PYTHON, "-m", "pip", "install", "-q", "pycgt", "cgt-py", "anywidget", "maturin"], check=True)
    # The wheel of this checkout: built again when any Rust source is newer than it.
    wheels = sorted((ROOT / "target" / "wheels").glob("onag-*.whl"), key=lambda w: w.stat().st_mtime)
    newest_source = max(f.stat().st_mtime for f in (ROOT / "crates").rglob("*.rs"))
    if not wheels or wheels[-1].stat().st_mtime < newest_source:
        maturin = VENV / "bin" / "maturin"
        subprocess.run([maturin, "build", "--release", "-m", str(ROOT / "crates/onag-py/Cargo.toml")], check=True)
        wheels = sorted((ROOT / "target" / "wheels").glob("onag-*.whl"), key=lambda w: w.stat().st_mtime)
    subprocess.run([PYTHON, "-m", "pip", "install", "-q", "--force-reinstall", "--no-deps", wheels[-1]], check=True)


def measure(name: str) -> float:
    out = ROOT / "target" / f"bench-partizan-{name}.txt"
    code = CHILD.format(benches=str(ROOT / "benches"), work=WORK[name], out=str(out))
    result = subprocess.run([PYTHON, "-c", code], check=True, capture_output=True, text=True)
    return json.loads(result.stdout)["seconds"]


def main() -> None:
    setup()
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    times: dict[str, list[float]] = {name: [] for name in WORK}
    for _ in range(rounds):
        for name in WORK:
            times[name].append(measure(name))
    # The three answers are one game: checked by onag's own comparison.
    check = (
        "import onag\n"
        "a, b, c = (onag.Form(open(f'target/bench-partizan-{n}.txt').read()) for n in ('onag', 'cgt-py', 'pycgt'))\n"
        "print(a == b == c)"
    )
    same = subprocess.run([PYTHON, "-c", check], cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()
    medians = {name: statistics.median(values) for name, values in times.items()}
    print(f"sum of 20 random day-3 games, median of {rounds} fresh processes each, in turn")
    for name, median in medians.items():
        ratio = median / medians["onag"]
        print(f"  {name:7} {median * 1000:10.1f} ms   {ratio:8.1f} x onag")
    print(f"  the three canonical forms are equal: {same}")
    if same != "True":
        sys.exit(1)


if __name__ == "__main__":
    main()
