"""onag.game(name): the catalogue's games against published values."""

from __future__ import annotations

import itertools
import random

import pytest

import onag
from conftest import oracle

KAYLES = oracle("kayles_0.77.json")["G_expanded_by_rule_0_to_1199"]["values"]


def test_kayles_single_heaps_are_oeis_a002186():
    kayles = onag.game("kayles")
    for n in range(0, 300, 7):
        assert kayles.grundy(n) == KAYLES[n]


def test_a_sum_is_the_nim_sum_of_its_heaps():
    kayles = onag.game("kayles")
    rng = random.Random(5)
    for _ in range(30):
        heaps = [rng.randrange(0, 120) for _ in range(rng.randrange(1, 5))]
        expected = 0
        for n in heaps:
            expected ^= KAYLES[n]
        assert kayles.grundy(*heaps) == expected
        assert kayles.outcome(*heaps) == ("P" if expected == 0 else "N")
        assert kayles.value(" ".join(map(str, heaps))).grundy == expected


def test_winning_moves_are_the_moves_to_p_positions():
    kayles = onag.game("kayles")
    for heaps in [(3, 4), (5, 9, 12), (20,), (7, 7)]:
        moves = kayles.moves(*heaps)

        def nim_sum(position):
            total = 0
            for part in position:
                total ^= KAYLES[int(part)]
            return total

        for move in moves:
            assert move.value.grundy == nim_sum(move.position)
        expected = sorted(m.description for m in moves if nim_sum(m.position) == 0)
        winning = kayles.winning_moves(*heaps)
        assert sorted(m.description for m in winning) == expected
        for move in winning:
            assert move.outcome == "P"
            assert kayles.grundy(*move.position) == 0


def test_wythoff_p_positions_are_the_beatty_pairs():
    wythoff = onag.game("wythoff")
    pairs = oracle("wythoff.json")["P_positions_pairs"]["pairs"]
    p_positions = {tuple(pair) for pair in pairs} | {tuple(reversed(pair)) for pair in pairs}
    bound = max(max(pair) for pair in pairs[:15])
    for a, b in itertools.product(range(bound + 1), repeat=2):
        expected = "P" if (a, b) in p_positions else "N"
        assert wythoff.outcome((a, b)) == expected, (a, b)


def test_cram_nimbers_are_belings_table():
    table = oracle("cram_beling.json")["nimbers"]
    cram = onag.game("cram")
    for board in ("4x4", "4x5", "4x6"):
        assert cram.grundy(board) == table[board]


def test_misere_nim_follows_boutons_rule():
    nim = onag.game("nim")
    rng = random.Random(7)
    for _ in range(60):
        heaps = [rng.randrange(0, 9) for _ in range(rng.randrange(1, 5))]
        nim_sum = 0
        for n in heaps:
            nim_sum ^= n
        if all(n <= 1 for n in heaps):
            expected = "P" if nim_sum == 1 else "N"
        else:
            expected = "P" if nim_sum == 0 else "N"
        assert nim.outcome(*heaps, misere=True) == expected, heaps


def test_windup_values_are_smiths():
    windup = oracle("loopy_games.json")["windup"]
    for case in windup["cases"]:
        game = onag.game(f"windup:{case['n']}:{','.join(map(str, case['S']))}")
        assert game.has_cycles
        for position, written in enumerate(case["values"]):
            # The oracle writes inf(S) as ∞(0); the program writes ∞{0}.
            expected = written.replace("(", "{").replace(")", "}")
            assert str(game.value(position)) == expected, (case, position)


def test_the_catalogue_lists_every_game_with_its_rule():
    names = {entry["name"] for entry in onag.games()}
    assert {"kayles", "nim", "wythoff", "cram", "chomp", "windup"} <= names
    for entry in onag.games():
        assert entry["rule"] and entry["example"]
        # The example is the game, then a position: the game opens.
        assert onag.game(entry["example"].split()[0]).name


def test_an_octal_code_alone_is_its_game():
    assert onag.game("0.77").name == "octal:0.77"


@pytest.mark.parametrize(
    "name",
    ["chess", "octal:0.9", "octal:", "bash:0", "subtraction:", "moore:x", "", "windup:0:1"],
)
def test_a_bad_name_is_a_value_error(name):
    with pytest.raises(ValueError) as raised:
        onag.game(name)
    assert isinstance(raised.value, onag.Error)


@pytest.mark.parametrize("position", [("x",), (-1,), ("3,4",), (10**40,), ("1e9999",)])
def test_a_bad_position_is_a_value_error(position):
    with pytest.raises(ValueError):
        onag.game("kayles").grundy(*position)


@pytest.mark.parametrize("position", [(True,), (None,), (1.5,), ({"a": 1},), ((1, "a"),)])
def test_a_position_of_the_wrong_type_is_a_type_error(position):
    with pytest.raises(TypeError):
        onag.game("kayles").grundy(*position)


def test_a_limit_names_its_resource():
    grundy = onag.game("grundy", max_positions=100)
    with pytest.raises(onag.LimitExceeded) as raised:
        grundy.grundy(500)
    assert raised.value.resource == "positions"
    assert raised.value.limit == 100
    # The game answers again afterwards (OEIS A002188: G(5) = 2).
    assert grundy.grundy(5) == 2


def test_a_loopy_value_is_not_a_grundy_value():
    game = onag.game("windup:4:2")
    with pytest.raises(onag.Error):
        game.grundy(1)
    assert game.outcome(1) == "D"


def test_the_graph_reads_as_networkx_would():
    graph = onag.game("kayles").graph(3)
    nodes = graph.nodes
    assert nodes[graph.root] == ("3",)
    # From 3: to 2, 1+1, 1 (and from there on), each a node.
    children = {nodes[b] for a, b in graph.edges if a == graph.root}
    assert children == {("2",), ("1", "1"), ("1",)}
    assert graph._repr_svg_().startswith("<svg")
    assert "digraph" in graph.to_dot()


def test_strategy_arguments_answer_boards_no_search_could():
    # Even by odd Cram: the central domino, then the half-turn mirror (Gardner); even by even:
    # the mirror alone wins for the second player.
    cram = onag.game("cram")
    assert cram.outcome("64x63") == "N"
    assert any("r32c32-r33c32" in str(move) for move in cram.winning_moves("64x63"))
    assert cram.value("64x63").grundy is None
    assert cram.grundy("64x64") == 0


def test_a_search_refused_by_its_estimate_is_a_limit_on_options():
    # Two 9 x 9 Cram boards: no closed form gives their values, and the game estimates the
    # search of each far past 1000 options, so none is begun.
    cram = onag.game("cram", max_options=1000)
    with pytest.raises(onag.LimitExceeded) as raised:
        cram.value("9x9", "9x9")
    assert raised.value.resource == "options"
    assert raised.value.limit == 1000
    assert "none was examined" in str(raised.value)
