"""onag.sequence and onag.quotient against published values and brute forces written here."""

from __future__ import annotations

import itertools
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

import onag
from conftest import brute_misere_wins, oracle

KAYLES = oracle("kayles_0.77.json")["G_expanded_by_rule_0_to_1199"]["values"]


def test_kayles_sequence_and_its_proven_period():
    sequence = onag.sequence("kayles", to=1199)
    assert sequence.values.tolist() == KAYLES
    assert str(sequence.values.dtype) == "uint8"
    period = sequence.period
    published = oracle("kayles_0.77.json")
    assert (period.preperiod, period.period, period.proven) == (
        published["preperiod"],
        published["period"],
        True,
    )
    assert len(sequence) == 1200 and sequence[-1] == KAYLES[-1] and sequence[100] == KAYLES[100]


def test_dawsons_chess_and_grundys_game():
    dawson = oracle("dawson_0.07_and_0.137.json")["dawsons_chess_0.137"]
    values = dawson["G_expanded_by_rule_0_to_999"]["values"]
    assert onag.sequence("octal:0.137", to=999).tolist() == values
    grundy = oracle("grundys_game.json")["G_source_values"]
    assert onag.sequence("grundy", to=len(grundy) - 1).tolist() == grundy


def test_a_ruleset_written_in_python_gets_its_sequence():
    class Kayles:
        def options(self, n):
            for take in (1, 2):
                for left in range(n - take + 1):
                    yield (left, n - take - left)

    assert onag.sequence(Kayles(), to=300).tolist() == KAYLES[:301]

    class Bad:
        def options(self, n):
            return [n]  # a heap no smaller

    with pytest.raises(ValueError):
        onag.sequence(Bad(), to=5)


def test_wide_values_get_a_wide_dtype():
    # Nim: G(n) = n, past 255 and 65535.
    assert str(onag.sequence("nim", to=300).values.dtype) == "uint16"
    values = onag.sequence("nim", to=70_000).values
    assert str(values.dtype) == "uint32" and values[70_000] == 70_000


def test_the_plot_and_the_sparse_report():
    sequence = onag.sequence("octal:0.6", to=2000)
    assert sequence._repr_svg_().startswith("<svg")
    assert set(sequence.sparse) == {
        "largest", "largest_at", "rare_mask", "rare_by", "rare_count", "last_rare"
    }
    assert sequence.sparse["largest"] == max(sequence.tolist())
    # Officers' rare heaps are those of its value classes (tczajka's table: mask 1ee).
    assert sequence.sparse["rare_by"] == "value"
    # The model of scaling: the move to one heap (reading G(n - 1)) is on the critical path.
    scaling = sequence.scaling
    assert set(scaling) == {"work", "critical_path"}
    assert 2000 - 1 <= scaling["critical_path"] < scaling["work"]


def test_bad_sequences_raise():
    with pytest.raises(ValueError):
        onag.sequence("octal:0.8", to=10)
    with pytest.raises(onag.LimitExceeded):
        onag.sequence("octal:0.6", to=10**12)
    with pytest.raises(onag.LimitExceeded):
        onag.sequence("octal:0.6", to=10**6, max_positions=1000)
    # Officers holds every value below 1.4 x 10^14 heaps (no period can be proven sooner, by a
    # published computation): 10^10 of them are refused for memory at once, not for options
    # after half a minute.
    with pytest.raises(onag.LimitExceeded, match="memory"):
        onag.sequence("octal:0.6", to=10**10)


def test_a_sequence_is_held_to_its_memory_not_to_a_count_of_positions():
    # As the program: without max_positions a sequence's values are bounded by max_memory
    # alone. 0.104 (no period before heap 4.2 x 10^8) past the 10^8 positions that bound a
    # search by default: about 100 MB, some seconds; a count given still bounds it.
    last = 10**8 + 10
    assert len(onag.sequence("octal:0.104", to=last)) == last + 1
    with pytest.raises(onag.LimitExceeded, match="positions"):
        onag.sequence("octal:0.104", to=last, max_positions=10**6)
    with pytest.raises(TypeError):
        onag.sequence(42, to=10)
    with pytest.raises(onag.InvalidInput):
        onag.sequence("kayles", to=-1)


def test_numpy_is_not_needed():
    code = textwrap.dedent(
        """
        import sys
        sys.modules["numpy"] = None  # import numpy fails
        import onag
        values = onag.sequence("nim", to=300).values
        print(type(values).__name__, values.typecode, values[300])
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["array", "H", "300"]


def test_ctrl_c_stops_a_long_sequence_within_a_second():
    code = textwrap.dedent(
        """
        import onag, sys, time
        print("started", flush=True)
        try:
            onag.sequence("octal:0.6", to=10**9, max_positions=2 * 10**9, max_memory=8 << 30)
        except KeyboardInterrupt:
            print("interrupted", time.monotonic(), flush=True)
            # The package answers again afterwards.
            print(onag.game("kayles").grundy(3), flush=True)
        """
    )
    child = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert child.stdout.readline().strip() == "started"
    time.sleep(1.5)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=30)
    lines = out.split("\n")
    assert lines[0].startswith("interrupted"), (out, err)
    assert float(lines[0].split()[1]) - sent < 1.0
    assert lines[1] == "3"


def brute_misere_outcome(rules_moves, heaps):
    """Misère outcome of a sum of heaps, by brute force over multisets (sorted tuples)."""

    def moves(position):
        for i, n in enumerate(position):
            rest = position[:i] + position[i + 1 :]
            for option in rules_moves(n):
                yield tuple(sorted(rest + tuple(h for h in option if h)))

    wins = brute_misere_wins(lambda p: list(moves(p)))
    return "N" if wins(tuple(sorted(h for h in heaps if h))) else "P"


def octal_moves(code):
    """The options of a heap in the octal game `code` (Winning Ways' definition): digit k
    after the point says whether k counters may be taken leaving no heap (bit 1), one heap
    (bit 2) or two heaps (bit 4)."""
    digits = [int(d) for d in code.split(".")[1]]

    def moves(n):
        for k, digit in enumerate(digits, start=1):
            if k > n:
                break
            left = n - k
            if digit & 1 and left == 0:
                yield ()
            if digit & 2 and left >= 1:
                yield (left,)
            if digit & 4:
                for a in range(1, left):
                    if a <= left - a:
                        yield (a, left - a)

    return moves


@pytest.mark.parametrize("code", ["0.77", "0.75", "0.31"])
def test_quotient_outcomes_match_brute_force(code):
    moves = octal_moves(code)
    quotient = onag.quotient(code)
    assert quotient.certified
    # Plambeck and Siegel: an impartial misère quotient has even order.
    assert quotient.order % 2 == 0
    assert len(quotient.p_portion) >= 1
    for heaps in itertools.combinations_with_replacement(range(0, 9), 3):
        assert quotient.outcome(heaps) == brute_misere_outcome(moves, heaps), heaps
    assert quotient.phi(0) == "1"
    assert "<table" in quotient._repr_html_()
    assert quotient.game == f"octal:{code}"


def test_a_quotient_checkpoint_resumes_and_what_is_not_a_file_is_refused(tmp_path):
    moves = octal_moves("0.77")
    path = tmp_path / "kayles.ckpt"
    first = onag.quotient("0.77", checkpoint=path)
    assert path.is_file()
    resumed = onag.quotient("0.77", checkpoint=str(path))
    assert resumed.certified and resumed.order == first.order
    assert resumed.presentation == first.presentation
    for heaps in itertools.combinations_with_replacement(range(0, 9), 3):
        assert resumed.outcome(heaps) == brute_misere_outcome(moves, heaps), heaps
    # Nothing is left beside the checkpoint (its writes are renamed over it).
    assert sorted(os.listdir(tmp_path)) == ["kayles.ckpt"]
    with pytest.raises(onag.Error, match="is a directory"):
        onag.quotient("0.77", to=10, checkpoint=tmp_path)
    if os.path.exists("/dev/null"):
        # A device would be replaced by the rename: refused, and left as it is.
        with pytest.raises(onag.Error, match="not a regular file"):
            onag.quotient("0.77", to=10, checkpoint="/dev/null")
        assert not os.path.isfile("/dev/null")


def test_quotient_errors():
    with pytest.raises(ValueError):
        onag.quotient("cram")
    with pytest.raises(ValueError):
        onag.quotient("octal:0.9")
    partial = onag.quotient("octal:0.4", to=8)
    assert not partial.certified and partial.heap_reached == 8
    with pytest.raises(ValueError):
        partial.outcome([9])
    with pytest.raises(ValueError):
        partial.phi(9)
