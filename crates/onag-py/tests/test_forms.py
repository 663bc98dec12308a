"""onag.Form, the Conway algebra from Python, against CGSuite's own test expectations, the
closed forms of switches, ups and stars, and a brute force of the definition of <= written
here."""

from __future__ import annotations

import functools
import pickle
import random
from fractions import Fraction

import pytest

import onag


def test_forms_print_as_cgsuite_prints_them():
    # CGSuite's CanonicalShortGameTestCase: the input and what CGSuite prints.
    for given, printed in [
        ("6+^*", "6^*"),
        ("73/16+v9*8", "73/16v9*8"),
        ("{0|*||*|||*||||*}", "{^|*||*|||*}"),
        ("^*6", "^*6"),
        ("-1/2", "-1/2"),
    ]:
        assert str(onag.Form(given)) == printed
    assert onag.Form("73/16+v9*8").birthday == 27
    assert [str(f) for f in onag.Form("^*6").right_options] == ["*7"]
    assert repr(onag.form("{1|-1}")) == "Form('+-1')"


def test_temperature_mean_stops_and_cooling():
    # CGSuite's expectations for {3||2+*|1+*}: cooled by 1/4 it is {11/4||2|3/2}, by 3/4 it
    # is 9/4*, so its temperature is 3/4 and its mean 9/4.
    g = onag.Form("{3||2+*|1+*}")
    assert g.temperature == Fraction(3, 4)
    assert g.mean == Fraction(9, 4)
    assert g.cool(Fraction(1, 4)) == onag.Form("{11/4||2|3/2}")
    assert str(g.cool("3/4")) == "9/4*"
    assert str(g.heat(1)) == "{4|||3|1||0|-2}"
    # A switch {x|y}: mean (x+y)/2, temperature (x-y)/2, stops x and y.
    s = onag.Form("{7|1}")
    assert (s.mean, s.temperature, s.left_stop, s.right_stop) == (4, 3, 7, 1)
    walls = s.thermograph()
    assert walls["temperature"] == 3 and walls["left_wall"][0] == (-1, 8)
    assert "<svg" in s._repr_svg_()
    assert str(onag.Form("^").atomic_weight) == "1"
    assert str(onag.Form("{1|^}").reduced()) == "{1|0}"
    assert str(onag.Form("1/2").norton("^")) == "{^^*|v*}"


def test_order_outcomes_and_arithmetic():
    up, star = onag.Form("^"), onag.Form("*")
    assert up > 0 and not up > star and not up < star and up.confused_with(star)
    assert (up + up + star).outcome == "L" and star.outcome == "N"
    assert onag.Form(0).outcome == "P" and onag.Form("v").outcome == "R"
    assert str(up + up + star) == "^^*"
    assert up - up == 0 and -up == onag.Form("v")
    assert len({onag.Form("{0|*}"), up}) == 1
    assert onag.Form(Fraction(3, 4)) == onag.Form("3/4") == Fraction(3, 4)
    assert onag.Form("1/2") + Fraction(1, 2) == 1
    assert Fraction(*onag.Form("3/8").as_integer_ratio()) == Fraction(3, 8)
    assert onag.Form("5/2").as_fraction() == Fraction(5, 2)
    assert pickle.loads(pickle.dumps(onag.Form("{3||2|1}"))) == onag.Form("{3||2|1}")


def _naive_leq():
    """<= by its definition on games as (left tuple, right tuple): G <= H iff no G^L >= H
    and no H^R <= G (Conway, ONAG ch. 1)."""

    @functools.cache
    def leq(g, h):
        return not any(leq(h, gl) for gl in g[0]) and not any(leq(hr, g) for hr in h[1])

    return leq


def _text(g) -> str:
    return "{" + ",".join(map(_text, g[0])) + "|" + ",".join(map(_text, g[1])) + "}"


def test_comparison_agrees_with_the_definition_on_random_games():
    rng = random.Random(5)
    zero = ((), ())
    day1 = [zero, ((zero,), ()), ((), (zero,)), ((zero,), (zero,))]
    day2 = [
        (tuple(rng.sample(day1, rng.randint(0, 2))), tuple(rng.sample(day1, rng.randint(0, 2))))
        for _ in range(30)
    ]
    day3 = [
        (tuple(rng.sample(day2, rng.randint(0, 2))), tuple(rng.sample(day2, rng.randint(0, 2))))
        for _ in range(30)
    ]
    leq = _naive_leq()
    forms = [onag.Form(_text(g)) for g in day3]
    for g, fg in zip(day3, forms):
        for h, fh in zip(day3, forms):
            assert (fg <= fh) == leq(g, h), (_text(g), _text(h))


def test_bad_forms_raise_invalid_input():
    with pytest.raises(onag.InvalidInput, match="column"):
        onag.Form("{1|")
    with pytest.raises(onag.InvalidInput, match="not dyadic"):
        onag.Form(Fraction(1, 3))
    with pytest.raises(onag.InvalidInput, match="all-small"):
        onag.Form(1).atomic_weight
    with pytest.raises(onag.InvalidInput, match="above -1"):
        onag.Form("*").cool(-1)
    with pytest.raises(TypeError):
        onag.Form(1.5)
    with pytest.raises(onag.InvalidInput, match="not a number"):
        onag.Form("*").as_fraction()
