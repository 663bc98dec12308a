"""What the trials found: Ctrl-C honoured by every engine, objects shared between threads,
every error inside onag.Error, pickling, and the progress bar's last word."""

from __future__ import annotations

import io
import os
import pickle
import signal
import threading
import time

import pytest

import onag
from conftest import brute_grundy, oracle

KAYLES = oracle("kayles_0.77.json")["G_expanded_by_rule_0_to_1199"]["values"]


def interrupted_after(work, after=0.5):
    """Sends SIGINT to this process `after` seconds into `work`; the seconds from the signal to
    the KeyboardInterrupt, or None when `work` ended first."""
    sent = []

    def fire():
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(after, fire)
    timer.start()
    try:
        work()
    except KeyboardInterrupt:
        return time.monotonic() - sent[0]
    finally:
        timer.cancel()
    return None


class Chomp:
    """Chomp written in Python: rows of a diagram, the poisoned square at row 0, column 0."""

    def moves(self, rows):
        for r, length in enumerate(rows):
            for c in range(length):
                if (r, c) != (0, 0):
                    cut = tuple(min(x, c) if i >= r else x for i, x in enumerate(rows))
                    yield tuple(x for x in cut if x > 0)


class Subtraction:
    """A heap ruleset written in Python: take 1, 3 or 4 (its values have period 7)."""

    def options(self, n):
        return [(n - k,) for k in (1, 3, 4) if k <= n]


class Ring:
    """A token on a cycle of 10^7 vertices, moving one or two steps on: a game with cycles."""

    def moves(self, n):
        return [(n + 1) % 10**7, (n + 2) % 10**7]


# Each runs for minutes if not stopped. The trials saw 100 s (a Python game's nimber), 24 s
# (catalogue Chomp) and 8.5 s (a quotient's step) between Ctrl-C and the stop.
LONG_WORK = {
    "a Python game's nimber": lambda: onag.Solver(Chomp()).nimber((11,) * 10),
    "a Python game's grundy": lambda: onag.Solver(Chomp()).grundy((11,) * 10),
    "a Python game's misere outcome": lambda: onag.Solver(Chomp()).outcome((11,) * 10, misere=True),
    "catalogue Chomp": lambda: onag.game("chomp").grundy("13x13"),
    "a sequence": lambda: onag.sequence("octal:0.6", to=10**9),
    "a quotient": lambda: onag.quotient("0.4007", to=2000),
    "a Python ruleset's sequence": lambda: onag.sequence(Subtraction(), to=10**9),
    "a Python game with cycles": lambda: onag.LoopySolver(Ring(), max_positions=10**8).value(0),
}


@pytest.mark.parametrize("name", sorted(LONG_WORK))
def test_ctrl_c_stops_every_engine_at_once(name):
    seconds = interrupted_after(LONG_WORK[name])
    assert seconds is not None, f"{name} ended before the signal"
    # Within a second as a rule (a tenth here); two allow for a loaded machine.
    assert seconds < 2.0, f"{name}: {seconds:.2f} s from Ctrl-C to the stop"


def test_a_python_games_nimber_reports_progress_and_keeps_its_budget():
    seen = []
    value = onag.Solver(Chomp(), progress=lambda *report: seen.append(report)).nimber((6,) * 6)
    assert value == brute_grundy(lambda rows: list(Chomp().moves(rows)))((6,) * 6)
    assert seen, "no progress reported"
    with pytest.raises(onag.LimitExceeded) as raised:
        onag.Solver(Chomp(), max_positions=100).nimber((9,) * 8)
    assert raised.value.resource == "positions"


def test_a_game_shared_by_eight_threads():
    # Kayles' values from the oracle table (OEIS A002186, Guy and Smith).
    kayles = onag.game("kayles")
    expected = {n: KAYLES[n] for n in range(60, 200)}
    failures = []

    def ask(offset):
        try:
            for n in range(60 + offset, 200, 8):
                assert kayles.grundy(n) == expected[n]
                assert kayles.grundy(n, n) == 0
        except Exception as error:  # noqa: BLE001 (collected for the assertion below)
            failures.append(error)

    threads = [threading.Thread(target=ask, args=(k,)) for k in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []


def test_a_solver_shared_by_threads_and_reentered():
    solver = onag.Solver(Chomp())
    results = []
    threads = [
        threading.Thread(target=lambda: results.append(solver.grundy((5,) * 5))) for _ in range(6)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    expected = brute_grundy(lambda rows: list(Chomp().moves(rows)))((5,) * 5)
    assert results == [expected] * 6

    class Reentrant:
        def moves(self, n):
            inner.grundy(0)  # the solver computing this very position
            return range(n)

    inner = onag.Solver(Reentrant())
    with pytest.raises(onag.Error, match="computing already"):
        inner.grundy(3)


@pytest.mark.parametrize(
    "call",
    [
        lambda: onag.sequence("kayles", to=-1),
        lambda: onag.sequence("kayles", to=2**64),
        lambda: onag.sequence("kayles", to=10, threads=-2),
        lambda: onag.game("kayles", max_positions=-5),
        lambda: onag.game("kayles", max_memory=2**70),
        lambda: onag.game("kayles").moves(3, limit=-1),
        lambda: onag.quotient("0.77", to=-3),
        lambda: onag.quotient("0.77", to=10).phi(-1),
        lambda: onag.quotient("wythoff"),
        lambda: onag.Nimber(3) ** (2**200),
        lambda: onag.Nimber(-1),
    ],
)
def test_every_bad_value_is_invalid_input(call):
    with pytest.raises(onag.InvalidInput):
        call()


def test_value_objects_and_catalogue_games_pickle():
    game = onag.game("kayles", max_positions=10**6)
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == "kayles" and again.grundy(10, 12) == game.grundy(10, 12)
    value = onag.game("windup:5:1,3").value(2)
    moves = onag.game("nim").winning_moves(3, 4, 5)
    period = onag.sequence("kayles", to=100).period
    for thing in (onag.Nimber(2**300 + 5), value, period, onag.game("kayles").value(7)):
        assert pickle.loads(pickle.dumps(thing)) == thing
    (move,) = pickle.loads(pickle.dumps(moves))
    assert (move.description, move.position) == (moves[0].description, moves[0].position)
    sequence = onag.sequence("octal:0.07", to=500)
    assert list(pickle.loads(pickle.dumps(sequence))) == list(sequence)
    quotient = pickle.loads(pickle.dumps(onag.quotient("0.75")))
    assert quotient.order == 8


def test_the_progress_bar_ends_at_100_percent_and_clears_its_line():
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    stream = Terminal()
    bar = onag.ProgressBar(stream=stream)
    onag.sequence("octal:0.6", to=3 * 10**6, progress=bar)
    assert bar.line.endswith("(100%)"), bar.line
    assert stream.getvalue().endswith("\r\x1b[2K"), repr(stream.getvalue()[-40:])
