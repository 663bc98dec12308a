"""onag.Nimber against the published nim-multiplication table and the field's laws."""

from __future__ import annotations

import random

import pytest

import onag
from onag import Nimber
from conftest import oracle


def test_the_table_of_nim_products():
    table = oracle("nim_multiplication.json")["table_0_to_15"]
    for a in range(16):
        for b in range(16):
            assert int(Nimber(a) * Nimber(b)) == table[a][b]
            assert Nimber(a) * b == table[a][b]
            assert a * Nimber(b) == table[a][b]


def test_published_examples():
    data = oracle("nim_multiplication.json")
    assert int(Nimber(3) * (Nimber(5) * Nimber(6))) == 4
    assert int(Nimber(3) * (Nimber(5) + Nimber(6))) == 2
    assert int(Nimber(21508) * Nimber(42689)) == 35202
    assert data["other_examples"][0]["value"] == 35202


def test_the_field_laws_at_every_width():
    rng = random.Random(11)
    for bits in (8, 64, 100, 256, 1000):
        for _ in range(5):
            a, b, c = (Nimber(rng.getrandbits(bits)) for _ in range(3))
            assert a * (b + c) == a * b + a * c
            assert (a * b) * c == a * (b * c)
            if a:
                assert a * a.inv() == 1
                assert (b / a) * a == b
            assert a.sqrt() * a.sqrt() == a
            assert a + a == 0 and -a == a and a - b == a + b
            assert a ** 3 == a * a * a
            if a:
                assert a ** -2 == (a * a).inv()


def test_a_nimber_is_an_int_for_hashing_and_comparing():
    assert hash(Nimber(12345)) == hash(12345)
    assert Nimber(5) == 5 and Nimber(5) != Nimber(6) and Nimber(3) < Nimber(4) <= 4
    assert {Nimber(2): "x"}[2] == "x"
    assert int(Nimber(2**300 + 1)) == 2**300 + 1
    assert str(Nimber(0)) == "0" and str(Nimber(1)) == "*" and str(Nimber(7)) == "*7"
    assert repr(Nimber(7)) == "Nimber(7)"
    assert Nimber(2**64).field_bits == 128


def test_nimber_errors():
    with pytest.raises(ValueError):
        Nimber(-1)
    with pytest.raises(ValueError):
        Nimber(2**5000)
    with pytest.raises(ZeroDivisionError):
        Nimber(3) / 0
    with pytest.raises(ZeroDivisionError):
        Nimber(0).inv()
    with pytest.raises(TypeError):
        Nimber("3")
    with pytest.raises(TypeError):
        Nimber(3) + "x"
    with pytest.raises(onag.InvalidInput):
        Nimber(3) ** (2**200)
